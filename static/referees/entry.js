// The deal form: show the parts the chosen result needs, and the tile picker of the game's set (28 tiles of
// double six, 55 of double nine; a tile is in one hand only; a hand holds at most the tiles dealt, the picker's
// data-max-tiles). Its messages come translated from the page. Scoring stays on the server.
(function () {
  "use strict";

  function init() {
    var form = document.getElementById("deal-form");
    if (!form) return;
    var picker = document.getElementById("tile-picker");
    var pickerSeat = document.getElementById("picker-seat");
    var pickerMsg = document.getElementById("picker-msg");
    var active = null;
    function maxTiles() { return +(picker && picker.dataset.maxTiles) || 7; }

    function tilesOf(seat) {
      var v = document.getElementById("id_tiles_" + seat).value.trim();
      return v ? v.split(/[\s,]+/) : [];
    }
    function owner(tile) {
      var seats = ["A1", "B1", "A2", "B2"];
      for (var i = 0; i < seats.length; i++) if (tilesOf(seats[i]).indexOf(tile) >= 0) return seats[i];
      return null;
    }
    function pips(tile) { var p = tile.split("-"); return +p[0] + +p[1]; }
    function fire(el) { el.dispatchEvent(new Event("change", { bubbles: true })); }

    function render() {
      ["A1", "B1", "A2", "B2"].forEach(function (seat) {
        var tiles = tilesOf(seat);
        var input = document.getElementById("id_hand_" + seat);
        var chips = document.getElementById("chips-" + seat);
        chips.innerHTML = "";
        tiles.forEach(function (t) { var s = document.createElement("span"); s.textContent = t; chips.appendChild(s); });
        // The count follows the tiles picked, and stays editable: typing a count drops the tiles.
        var sorted = tiles.slice().sort().join(" ");
        if (sorted === "0-0") {
          input.value = form.dataset.loneDoubleBlank || "0";  // a lone double blank counts by the rules
        } else if (sorted === "6-6" && form.dataset.loneDoubleSix) {
          input.value = form.dataset.loneDoubleSix;  // Kozel: a lone 6-6 counts by the rules too
        } else if (sorted === "0-0 6-6" && form.dataset.blankSixPair) {
          input.value = +(form.dataset.loneDoubleBlank || 0) + +(form.dataset.loneDoubleSix || 12);
        } else if (tiles.length) {
          input.value = tiles.reduce(function (sum, t) { return sum + pips(t); }, 0);
        }
        var row = input.closest(".hand");
        row.classList.toggle("active", seat === active);
      });
      picker.querySelectorAll(".tile").forEach(function (b) {
        var who = owner(b.dataset.tile);
        b.classList.toggle("mine", who !== null && who === active);
        b.classList.toggle("taken", who !== null && who !== active);
        b.setAttribute("aria-pressed", who === active ? "true" : "false");
      });
    }

    function result() {
      var checked = form.querySelector("input[name=result]:checked");
      return checked ? checked.value : "";
    }
    function layout() {
      var r = result();
      form.querySelectorAll("[data-for]").forEach(function (fs) {
        fs.hidden = !r || fs.dataset.for.split(" ").indexOf(r) < 0;
      });
      var outInput = form.querySelector("input[name=out]:checked");
      var out = r === "domino" && outInput ? outInput.value : null;
      form.querySelectorAll(".hand").forEach(function (row) {
        row.classList.toggle("is-out", row.dataset.seat === out);
      });
    }

    form.addEventListener("click", function (e) {
      var toggle = e.target.closest(".tiles-toggle");
      if (toggle) {
        active = active === toggle.dataset.seat ? null : toggle.dataset.seat;
        if (active) toggle.closest(".hand").after(picker);  // the picker opens under the hand being entered
        picker.hidden = !active;
        pickerSeat.textContent = active || "";
        pickerMsg.textContent = "";
        render();
        return;
      }
      var tileBtn = e.target.closest(".tile");
      if (tileBtn && active) {
        var tile = tileBtn.dataset.tile;
        var who = owner(tile);
        var hidden = document.getElementById("id_tiles_" + active);
        var mine = tilesOf(active);
        pickerMsg.textContent = "";
        if (who && who !== active) {
          pickerMsg.textContent = (picker.dataset.msgTaken || "").replace("{tile}", tile).replace("{seat}", who);
          return;
        }
        if (who === active) {
          mine.splice(mine.indexOf(tile), 1);
        } else if (mine.length >= maxTiles()) {
          pickerMsg.textContent = (picker.dataset.msgFull || "").replace("{n}", maxTiles());
          return;
        } else {
          mine.push(tile);
        }
        hidden.value = mine.join(" ");
        render();
        fire(hidden);
        return;
      }
      if (e.target.closest(".picker-close")) {
        active = null;
        picker.hidden = true;
        render();
      }
    });
    form.addEventListener("input", function (e) {
      var m = e.target.id && e.target.id.match(/^id_hand_(A1|B1|A2|B2)$/);
      if (!m) return;
      var hidden = document.getElementById("id_tiles_" + m[1]);
      if (hidden.value) {  // a count typed by hand replaces the tiles picked for this seat
        hidden.value = "";
        var typed = e.target.value;
        render();
        e.target.value = typed;
      }
    });
    form.addEventListener("change", layout);
    layout();
    render();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();

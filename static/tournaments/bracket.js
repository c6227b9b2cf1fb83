// The knockout bracket on the hall screen (templates/tournaments/bracket_board.html). Wired here, not inline:
// the Content-Security-Policy runs no inline script.
// A projector never scrolls, so when the bracket is taller or wider than the screen, the matches' type
// shrinks (a binary search on --match-size) until every round, every card and every name is whole on it;
// again after each refresh of the board (htmx swaps it) and each resize.
(function () {
  "use strict";
  var SMALLEST = 6;  // px: below this a name is unreadable anyway; the screen's own size is then too small

  function inside(inner, outer) {
    return inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5 &&
      inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;
  }

  function fits(board) {
    var scroll = board.querySelector(".bracket-scroll");
    if (scroll.scrollHeight > scroll.clientHeight + 1 || scroll.scrollWidth > scroll.clientWidth + 1) return false;
    var rounds = board.querySelectorAll(".bracket-round");
    for (var i = 0; i < rounds.length; i++) {
      var box = rounds[i].getBoundingClientRect();
      var parts = rounds[i].querySelectorAll("h2, .match");
      for (var j = 0; j < parts.length; j++) {
        if (!inside(parts[j].getBoundingClientRect(), box)) return false;
      }
    }
    var texts = board.querySelectorAll(".match .name, .bracket-round h2");
    for (var k = 0; k < texts.length; k++) {
      if (texts[k].scrollWidth > texts[k].clientWidth + 1) return false;  // a word wider than its column
    }
    return true;
  }

  function fitBoard(board) {
    var scroll = board.querySelector(".bracket-scroll");
    var match = board.querySelector(".match");
    board.style.removeProperty("--match-size");
    // The board on a phone or a tablet scrolls sideways like the page (bracket_projector.css): nothing to fit.
    if (!scroll || !match || getComputedStyle(scroll).overflowX !== "hidden" || fits(board)) return;
    var low = SMALLEST, high = parseFloat(getComputedStyle(match).fontSize);
    while (high - low > 0.25) {
      var middle = (low + high) / 2;
      board.style.setProperty("--match-size", middle + "px");
      if (fits(board)) low = middle; else high = middle;
    }
    board.style.setProperty("--match-size", low + "px");
  }

  function all() {
    Array.prototype.forEach.call(document.querySelectorAll(".board"), fitBoard);
  }

  function start() {
    all();
    var waiting = null;
    window.addEventListener("resize", function () {
      if (waiting) window.cancelAnimationFrame(waiting);
      waiting = window.requestAnimationFrame(all);
    });
    document.body.addEventListener("htmx:afterSwap", all);  // the board refreshed (the new one has the old style
    document.body.addEventListener("htmx:afterSettle", all);  // until it settles)
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(all);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

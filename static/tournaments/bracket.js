// The knockout bracket (templates/tournaments/bracket*.html). Wired here, not inline: the
// Content-Security-Policy runs no inline script.
// * The hall screen (.board): a projector never scrolls, so when the bracket is taller or wider than the
//   screen, the matches' type shrinks (a binary search on --match-size) until every round, every card and
//   every name is whole on it; again after each refresh of the board (htmx swaps it) and each resize.
// * The page (#bracket-frame): when the rounds scroll sideways, the line «листайте вбок →» and the links to
//   the rounds show, with a shadow on the edge that still hides rounds; none of it when nothing scrolls. A
//   link brings its round to the start of the scroller and its first match to the middle of the screen.
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

  function hint(frame) {
    var scroll = frame.querySelector(".bracket-scroll");
    var hidden = scroll.scrollWidth - scroll.clientWidth;
    frame.classList.toggle("scrollable", hidden > 1);
    frame.classList.toggle("more-right", hidden - scroll.scrollLeft > 1);
    frame.classList.toggle("more-left", scroll.scrollLeft > 1);
  }

  // A link to a round: that round at the start of the scroller, its first match in the middle of the screen
  // (a later round's match stands halfway down its column on a wide screen).
  function toRound(event) {
    var link = event.target.closest ? event.target.closest(".bracket-nav a[href^='#']") : null;
    var round = link ? document.getElementById(link.getAttribute("href").slice(1)) : null;
    var scroll = round ? round.closest(".bracket-scroll") : null;
    if (!scroll) return;
    event.preventDefault();
    var padding = parseFloat(getComputedStyle(scroll).paddingLeft) || 0;
    scroll.scrollLeft += round.getBoundingClientRect().left - scroll.getBoundingClientRect().left - padding;
    (round.querySelector(".match") || round).scrollIntoView({block: "center", inline: "nearest"});
  }

  function all() {
    Array.prototype.forEach.call(document.querySelectorAll(".board"), fitBoard);
    Array.prototype.forEach.call(document.querySelectorAll(".bracket-frame"), hint);
  }

  function start() {
    all();
    Array.prototype.forEach.call(document.querySelectorAll(".bracket-frame .bracket-scroll"), function (scroll) {
      scroll.addEventListener("scroll", function () { hint(scroll.closest(".bracket-frame")); }, {passive: true});
    });
    document.addEventListener("click", toRound);
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

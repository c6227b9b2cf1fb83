// Buttons and links of every page that act in the browser: print the page, go back.
// Wired here, by data- attributes, because the Content-Security-Policy runs no inline handlers.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var el = event.target.closest ? event.target.closest("[data-print], [data-history-back]") : null;
    if (!el) return;
    event.preventDefault();
    if (el.hasAttribute("data-print")) {
      window.print();
    } else {
      window.history.back();
    }
  });
})();
// Logged out (the page offers to log in): the copies of the referee pages kept for a dropped connection go,
// so that the next person on a shared device never sees a page of the previous one (templates/referees/sw.js).
(function () {
  "use strict";
  if (window.caches && window.isSecureContext && document.querySelector(".topbar a[href$='/login/']")) {
    window.caches.delete("domino-referee-v1").catch(function () {});
  }
})();

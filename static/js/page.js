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

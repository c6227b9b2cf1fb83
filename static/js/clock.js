// The round clock (docs/rules.md §5.1) on the projector, the round page, the referee's table page and the
// hall map (the round's clock in its head, each table's time left on its tile).
// The server sends its own time and the deadline; the device's clock may be wrong, so the clock counts
// from the server's time: offset = server's time − device's time, measured from the page itself and then
// from each poll of the clock's state (corrected for half the round trip), and kept on the device for
// the next page opened without a connection. The state lives in the element's data- attributes: an
// element that htmx swaps in is picked up on the next tick, and a poll rewrites the attributes.
(function (root) {
  "use strict";

  // --- the arithmetic (pure: tests/browser/test_round_clock.py calls it through window.RoundClock) ---
  function offsetFrom(serverMs, sentMs, receivedMs) {
    // The server read its clock about halfway between the request leaving and the answer arriving.
    return serverMs - (sentMs + receivedMs) / 2;
  }

  function remainingSeconds(state, deviceMs, offsetMs) {
    if (state.paused || state.deadline === null) return state.remaining;
    return (state.deadline - (deviceMs + offsetMs)) / 1000;
  }

  function format(seconds) {
    var left = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    var ss = (s < 10 ? "0" : "") + s;
    if (h) return h + ":" + (m < 10 ? "0" : "") + m + ":" + ss;
    return m + ":" + ss;
  }

  function dueWarning(seconds, warnings) {
    if (seconds <= 0) return null;
    var due = null;
    warnings.forEach(function (m) { if (seconds <= m * 60 && (due === null || m < due)) due = m; });
    return due;
  }

  root.RoundClock = {offsetFrom: offsetFrom, remainingSeconds: remainingSeconds, format: format,
                     dueWarning: dueWarning};
  if (typeof document === "undefined" || root.RoundClock.running) return;
  root.RoundClock.running = true;

  var POLL_MS = 30000, TICK_MS = 250, STORED_FOR_MS = 6 * 3600 * 1000, KEY = "roundClockOffset";
  var offset = null, lastPoll = {}, alerted = {};

  function stored() {
    try {
      var v = JSON.parse(root.localStorage.getItem(KEY) || "null");
      return v && typeof v.offset === "number" && Date.now() - v.at < STORED_FOR_MS ? v.offset : null;
    } catch (e) { return null; }
  }

  function keep(value) {
    offset = value;
    root.RoundClock.offset = value;
    try { root.localStorage.setItem(KEY, JSON.stringify({offset: value, at: Date.now()})); } catch (e) { /* private mode */ }
  }

  function stateOf(el) {
    var deadline = el.getAttribute("data-deadline");
    return {paused: el.getAttribute("data-paused") === "1", deadline: deadline ? Number(deadline) : null,
            remaining: Number(el.getAttribute("data-remaining") || 0)};
  }

  function poll(url) {
    lastPoll[url] = Date.now();
    var sent = Date.now();
    fetch(url, {cache: "no-store", credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) {
        var received = Date.now();
        if (typeof data.now === "number" && received - sent < 10000) keep(offsetFrom(data.now, sent, received));
        document.querySelectorAll("[data-clock]").forEach(function (el) {
          if (el.getAttribute("data-clock-url") !== url) return;
          var c = data.clock;
          el.hidden = !c;
          if (!c) return;
          el.setAttribute("data-paused", c.paused ? "1" : "");
          el.setAttribute("data-deadline", c.deadline_ms === null ? "" : String(c.deadline_ms));
          el.setAttribute("data-remaining", String(c.remaining));
        });
      })
      .catch(function () { /* no connection: the clock counts on from what it knows */ });
  }

  function buzz(el, key) {
    if (alerted[key]) return;
    alerted[key] = true;
    if (el.hasAttribute("data-clock-alert") && root.navigator && root.navigator.vibrate) root.navigator.vibrate([300, 150, 300]);
  }

  function render(el) {
    if (offset === null) {
      var kept = stored();
      // A clock in a body shared by every phone (a hall map's tile) carries no server time of its own: it
      // waits for the offset that the page's own clock (or an earlier page) measured.
      if (kept === null && !el.hasAttribute("data-server-now")) return;
      offset = kept !== null ? kept : Number(el.getAttribute("data-server-now")) - Date.now();
      root.RoundClock.offset = offset;
    }
    var state = stateOf(el);
    var seconds = remainingSeconds(state, Date.now(), offset);
    var warnings = (el.getAttribute("data-warnings") || "").split(",").filter(Boolean).map(Number);
    var warning = state.paused ? null : dueWarning(seconds, warnings);
    var up = seconds <= 0;
    var time = el.querySelector("[data-clock-time]"), note = el.querySelector("[data-clock-note]");
    if (time) time.textContent = format(seconds);
    if (note) {
      note.textContent = state.paused ? el.getAttribute("data-text-paused") :
        up ? el.getAttribute("data-text-up") :
        warning !== null ? el.getAttribute("data-text-warn").replace("{m}", warning) : "";
    }
    el.classList.toggle("paused", state.paused);
    el.classList.toggle("up", up && !state.paused);
    el.classList.toggle("warn", warning !== null && !up);
    var prompt = el.querySelector("[data-clock-prompt]");
    if (prompt) prompt.hidden = !up;
    var url = el.getAttribute("data-clock-url");
    if (warning !== null) buzz(el, url + "|" + warning);
    if (up && !state.paused) buzz(el, url + "|up");
    if (url && document.visibilityState !== "hidden" && !(Date.now() - (lastPoll[url] || 0) < POLL_MS)) poll(url);
  }

  function tick() {
    document.querySelectorAll("[data-clock]").forEach(render);
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { lastPoll = {}; tick(); }
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", tick); else tick();
  root.setInterval(tick, TICK_MS);
})(window);

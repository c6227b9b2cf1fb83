// The table page without a connection: what the referee saves is kept on the device (offline_queue.js),
// shown as «не отправлено», and sent in order when the connection returns, each entry with the version it
// was made on and its own key. The server judges every entry; a refusal stops the queue at that entry and
// shows what is stored beside what was queued, until the referee chooses. Texts come from the page
// (#offline-texts, translated there); the checks here are only the cheap ones, with the server's words.
(function () {
  "use strict";
  var Q = window.OfflineQueue;
  var box = document.getElementById("offline-texts");
  if (!Q || !box || !window.indexedDB) return;
  var d = box.dataset, partie = d.partie, me = d.user;
  var panel = document.getElementById("offline-queue");
  var busy = false, sentAny = false, device = null, waiting = 0, unreachable = false;
  // A send that hangs (the hall's Wi-Fi gone, the phone moved to mobile data: the browser still believes it is
  // online) is given up after this long; the entry stays on the device and goes again later, with its key.
  var SEND_MS = 8000;

  function t(name, params) {
    var text = d["t" + name] || "";
    Object.keys(params || {}).forEach(function (k) { text = text.split("%(" + k + ")s").join(params[k]); });
    return text;
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function field(entry, name) {
    var hit = entry.fields.filter(function (f) { return f[0] === name; })[0];
    return hit ? hit[1] : "";
  }
  function setField(entry, name, value) {
    entry.fields = entry.fields.filter(function (f) { return f[0] !== name; });
    if (value != null) entry.fields.push([name, value]);
  }
  function correcting(entry) { return /^(True|true|on|1)$/.test(field(entry, "correct")); }
  function mine(queue) { return queue.filter(function (e) { return !e.user || e.user === me; }); }

  // --- what an entry says, as the deal list and the remarks word it ----------------------------------
  function labelOf(form, name, value) {
    var input = form && form.querySelector("input[name=" + name + "][value='" + value + "']");
    var label = input && input.closest("label");
    return label ? label.textContent.trim().replace(/\s+/g, " ") : value;
  }
  function describe(entry) {
    if (entry.kind === "deal") {
      var form = document.getElementById("deal-form"), parts = [];
      var result = field(entry, "result");
      parts.push(labelOf(form, "result", result));
      if (result === "domino" && field(entry, "out")) parts.push(field(entry, "out"));
      if (result === "wrong_pass" && field(entry, "offender")) parts.push(field(entry, "offender"));
      var hands = ["A1", "B1", "A2", "B2"].map(function (s) {
        var v = field(entry, "tiles_" + s) || field(entry, "hand_" + s);
        return v && !(result === "domino" && s === field(entry, "out")) ? s + " " + v : "";
      }).filter(Boolean);
      ["points_A", "points_B"].forEach(function (n) { if (field(entry, n)) hands.push(n.slice(-1) + " " + field(entry, n)); });
      return (correcting(entry) ? t("Correction", { n: field(entry, "n") }) : t("Deal", { n: field(entry, "n") })) +
        ": " + parts.join(" ") + (hands.length ? "; " + hands.join(" · ") : "");
    }
    if (entry.kind === "remark") {
      var select = document.querySelector("#remark-form select[name=reason]");
      var option = select && select.querySelector("option[value='" + field(entry, "reason") + "']");
      var seat = field(entry, "seat");
      var line = t("Remark", { deal: field(entry, "deal"), seat: seat, name: d["name" + seat] || "",
                                reason: option ? option.textContent : field(entry, "reason") });
      return field(entry, "note") ? line + " (" + field(entry, "note") + ")" : line;
    }
    if (entry.kind === "sign") return field(entry, "role") === "referee" ? t("Countersign") : t("Sign", { seat: field(entry, "seat") });
    return t("NoShow", { side: field(entry, "seat") || field(entry, "side") });
  }

  // --- the cheap checks, with the server's messages ---------------------------------------------------
  function showError(id, text) { var e = document.getElementById(id); if (e) e.textContent = text || ""; return !text; }
  // Only what no deal can be: no result, a domino without who went out, a wrong pass without who passed, and (in
  // the sport form, where every count is 0..69) a typed count that is no count. Which hands a deal needs is
  // the engine's (a partner's hand only when it counts; Kozel's winners' hands not at all): the server judges
  // them when the entry arrives, and a refusal comes back to the referee with its message.
  function dealProblems(entry, form) {
    var problems = {}, result = field(entry, "result");
    if (!form || !form.querySelector("input[name=result]")) return problems;  // other games: the server
    if (!result) problems["err-result"] = t("ResultRequired");
    if (result === "domino" && !field(entry, "out")) problems["err-out"] = t("OutRequired");
    if (result === "wrong_pass" && !field(entry, "offender")) problems["err-offender"] = t("OffenderRequired");
    // the partnership game's hand (scoring/latin_form.py, engine/rules/latin/hand.py): who placed the last tile
    // of a tranque, both open ends or neither, pasos redondos as digits
    if (result === "block" && form.querySelector("fieldset[data-for=block][data-required]") && !field(entry, "fisher"))
      problems["err-fisher"] = t("FisherRequired");
    if (form.querySelector("#id_end_1") && !field(entry, "end_1") !== !field(entry, "end_2"))
      problems["err-end_2"] = t("EndsBoth");
    ["pasos_A", "pasos_B"].forEach(function (n) {
      var v = digits(field(entry, n).trim());
      if (v && !/^[0-9]{1,2}$/.test(v)) problems["err-" + n] = t("Digits");
    });
    if (document.getElementById("lead-group") || result === "wrong_pass") return problems;
    ["A1", "B1", "A2", "B2"].forEach(function (s) {
      var v = digits(field(entry, "hand_" + s).trim());
      if (!v || field(entry, "tiles_" + s).trim() || (result === "domino" && s === field(entry, "out"))) return;
      if (!/^[0-9]{1,3}$/.test(v) || +v > 69) problems["err-hand_" + s] = t("HandRange");
    });
    return problems;
  }
  function digits(text) {  // full-width digits are digits, as the server reads them (core.text.ascii_digits)
    return text.replace(/[\uFF10-\uFF19]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0xFEE0); });
  }
  function checkDeal(entry) {
    var form = document.getElementById("deal-form"), problems = dealProblems(entry, form);
    ["err-result", "err-out", "err-offender", "err-form", "err-hand_A1", "err-hand_B1", "err-hand_A2", "err-hand_B2",
     "err-fisher", "err-end_2", "err-pasos_A", "err-pasos_B"]
      .forEach(function (id) { showError(id, problems[id] || ""); });
    return !Object.keys(problems).length;
  }
  // The check as a function of the fields alone (tests feed it the engine's own deals).
  window.OfflineChecks = { deal: function (fields) {
    return dealProblems({ fields: fields }, document.getElementById("deal-form"));
  } };
  function checkRemark(form, entry) {
    var errors = { seat: field(entry, "seat") ? "" : t("SeatRequired"), reason: field(entry, "reason") ? "" : t("ReasonRequired"),
                   deal: !field(entry, "deal") ? t("DealRequired") : (/^[0-9]{1,4}$/.test(field(entry, "deal")) && +field(entry, "deal") > 0 ? "" : t("DealInvalid")) };
    var ok = true;
    Object.keys(errors).forEach(function (name) {
      var holder = (form.querySelector("[name=" + name + "]") || form).closest("fieldset, label");
      var span = holder && holder.querySelector(".field-error");
      if (span) span.textContent = errors[name];
      ok = ok && !errors[name];
    });
    return ok;
  }
  function checkPin(form, entry) {
    var input = form.querySelector("input[name=pin]");
    if (!input) return true;
    var msg = /^[0-9]{4,6}$/.test(field(entry, "pin")) ? "" : t("Pin");
    var p = form.querySelector(".offline-error") || form.appendChild(el("p", "field-error offline-error"));
    p.textContent = msg;
    return !msg;
  }

  // --- keeping an entry --------------------------------------------------------------------------
  var KINDS = [["#deal-form", "deal"], ["#remark-form", "remark"], ["form.sign-form", "sign"],
               ["#signatures form[action$='/sign/']", "sign"], ["#no_show form", "no_show"]];
  function kindOf(form) {
    for (var i = 0; i < KINDS.length; i++) if (form.matches(KINDS[i][0])) return KINDS[i][1];
    return null;
  }
  function entryOf(form, kind, key) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "form_key" && name !== "version") fields.push([name, String(value)]);
    });
    var entry = { partie: partie, user: me, kind: kind, fields: fields, key: key || Q.key(), version: null, created: Date.now(), refusal: null };
    if (kind === "no_show" || (kind === "sign" && field(entry, "role") === "referee")) setField(entry, "confirm", "1");
    return entry;
  }
  // ``key``: the form's own one-time key, for a form whose send was lost on the way (it may have been stored:
  // sent again with the same key and values, the server answers it as the first time and records nothing).
  function keep(form, kind, key) {
    var entry = entryOf(form, kind, key);
    if (kind === "deal" && !checkDeal(entry)) return;
    if (kind === "remark" && !checkRemark(form, entry)) return;
    if (kind === "sign" && !checkPin(form, entry)) return;
    if ((kind === "no_show" || field(entry, "role") === "referee") && !window.confirm(t("Confirm", { what: describe(entry) }))) return;
    Q.list(partie).then(function (queue) {
      // The first entry is made on the version the page shows; each later one on top of the entry before it.
      var version = form.querySelector("input[name=version]");
      if (!mine(queue).length) {
        entry.version = version && /^\d+$/.test(version.value) ? +version.value : +document.getElementById("protocol").dataset.version;
      }
      return Q.add(entry);
    }).then(function () {
      if (kind === "deal") nextDealForm(form, entry);
      if (kind === "remark") { form.reset(); var eff = document.getElementById("remark-effect"); if (eff) eff.textContent = ""; }
      if (kind === "sign") { var pin = form.querySelector("input[name=pin]"); if (pin) pin.value = ""; }
      return refresh();
    }, function () {  // the browser's storage refused (full, or switched off): the referee must know at once
      panel.hidden = false;
      panel.textContent = "";
      panel.appendChild(el("p", "field-error", t("NotKept")));
    }).then(flush);
  }

  function nextDealForm(form, entry) {
    if (correcting(entry)) return;
    setDealNumber(form, +field(entry, "n") + 1);
    form.querySelectorAll("input[type=radio]").forEach(function (r) { r.checked = false; });
    form.querySelectorAll("input[id^=id_hand_], input[id^=id_tiles_], input[name^=points_]").forEach(function (i) { i.value = ""; });
    form.querySelectorAll(".chips").forEach(function (c) { c.textContent = ""; });
    form.querySelectorAll(".field-error").forEach(function (e) { e.textContent = ""; });
    var preview = document.getElementById("preview");
    if (preview) preview.textContent = t("PreviewOffline");
    form.dispatchEvent(new Event("change", { bubbles: true }));
    window.scrollTo(0, document.getElementById("entry").offsetTop);
  }
  function setDealNumber(form, n) {
    var input = form.querySelector("input[name=n]"), correcting = form.querySelector("input[name=correct]");
    if (!input || +input.value >= n || (correcting && /^(True|on|1)$/.test(correcting.value))) return;
    input.value = n;
    var h2 = document.querySelector("#entry h2");
    if (h2) h2.textContent = t("Deal", { n: n });
    var info = document.getElementById("lead-info");
    if (info && d.family === "sport") {
      var seats = ["A1", "B1", "A2", "B2"], start = seats.indexOf(d.firstLead || "A1");
      var lead = seats[(start + n - 1) % 4], shuffle = seats[(start + n) % 4];
      info.textContent = t("Lead", { lead: lead, lead_name: d["name" + lead], shuffle: shuffle,
                                     shuffle_name: d["name" + shuffle] });
    } else if (info) info.textContent = "";
  }

  // Online with nothing waiting, a deal goes by the page's own request (quickDeal) and any other form as always.
  // Once a call has found no server (``unreachable``), any other form waits for a short call to answer first: a
  // page that navigates to an unreachable server is lost with what was typed (on plain HTTP no service worker
  // answers for it). Offline, or with entries waiting, the form joins the queue.
  var passing = null;
  document.addEventListener("submit", function (event) {
    var form = event.target, kind = kindOf(form);
    if (!kind || (kind === "sign" && form.querySelector("input[name=password]"))) return;
    if (passing === form) { passing = null; return; }
    var offline = !navigator.onLine || waiting;
    if (!offline && kind !== "deal" && !unreachable) return;  // the server answered last time: as always
    event.preventDefault();
    if (offline) return keep(form, kind);
    if (kind === "deal" && quickDeal(form)) return;
    var submitter = event.submitter;
    reachable().then(function (yes) {
      if (!yes) return keep(form, kind);
      unreachable = false;
      passing = form;
      if (form.requestSubmit) form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
      else HTMLFormElement.prototype.submit.call(form);
    });
  }, true);
  function reachable() {
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort && setTimeout(function () { abort.abort(); }, SEND_MS);
    // a small static file of the same server: any answer means the server is there (no page, no session)
    return fetch(d.pingUrl + "?reach=" + Date.now(), { method: "GET", cache: "no-store", credentials: "same-origin",
                                redirect: "manual",
                                signal: abort ? abort.signal : undefined })
      .then(function () { return true; }, function () { unreachable = true; return false; })
      .finally(function () { clearTimeout(timer); });
  }

  // --- a deal sent online: the server answers with what changed (referees/deal_answer.py) -------------
  // Only from the table page as drawn fresh (its address, no correction, no refusal shown: the shape says);
  // a refusal sends the same form the plain way, which answers with the page as before (the errors beside the
  // fields). No answer (a network error, the time-out), or an answer that is not the server's JSON (a login
  // page, a server error), keeps the deal on the device with the form's own key and values: sent again from the
  // queue, a deal stored already is a repeat (``kind`` is posted here too, so both sends are the same form).
  var sendingDeal = false;
  function quickDeal(form) {
    var page = document.getElementById("protocol");
    if (!window.fetch || !page.dataset.shape || !d.entryUrl || window.location.pathname !== d.entryUrl) return false;
    if (/^(True|true|on|1)$/.test((form.querySelector("input[name=correct]") || {}).value || "")) return false;
    if (sendingDeal) return true;
    sendingDeal = true;
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    function done() { sendingDeal = false; if (button) button.disabled = false; }
    function plain() { done(); HTMLFormElement.prototype.submit.call(form); }
    var saved = false, body = new URLSearchParams(new FormData(form)), key = form.querySelector("input[name=form_key]");
    body.append("kind", "deal");
    post(form.action, body, { "X-Page-Shape": page.dataset.shape }).then(function (response) {
      if (!/json/.test(response.headers.get("Content-Type") || "")) throw new Error("server " + response.status);
      return response.json().then(function (answer) { return { answer: answer }; });
    }, function (error) {
      unreachable = true;
      throw error;
    }).then(function (got) {
      var answer = got.answer;
      unreachable = false;
      if (answer.result !== "saved") return plain();
      if (answer.reload) { window.location.replace(answer.reload); window.location.reload(); return; }
      saved = true;
      showDeal(form, page, answer);
      keepCopy();
      done();
    }).catch(function () {
      done();
      if (saved) { window.location.reload(); return; }  // stored, but not shown here: the page drawn again shows it
      keep(form, "deal", key && key.value);
    });
    return true;
  }
  function fragment(html) {
    var tpl = document.createElement("template");
    tpl.innerHTML = html;
    return tpl.content;
  }
  // The device's copy of the page (service worker), as it now stands: opened without a connection after the
  // partie's last deal, it shows the signatures, not the deal form the page was first drawn with.
  var CACHE = "domino-referee-v1";  // the service worker's (templates/referees/sw.js)
  function keepCopy() {
    if (!window.caches || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    var copy = document.documentElement.cloneNode(true), said = copy.querySelector("main > ul.messages");
    if (said) said.remove();  // said once, by this answer
    var html = "<!doctype html>\n" + copy.outerHTML;
    caches.open(CACHE).then(function (c) {
      return c.put(d.entryUrl, new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    }).catch(function () {});
  }
  function showMessages(list) {
    var main = document.querySelector("main"), old = main.querySelector(":scope > ul.messages");
    if (old) old.remove();
    if (!list.length) return;
    var ul = el("ul", "messages");
    list.forEach(function (m) { ul.appendChild(el("li", m.tags, m.text)); });
    main.insertBefore(ul, main.firstChild);
  }
  // The deal that ended the partie: the deal form, the round's clock and a tie's notice go, the signatures
  // come where the page draws them (after the time section, before the links), as the page opened again shows.
  function showEnd(page, answer) {
    ["entry", "round-clock", "extra-deal"].forEach(function (id) { var s = document.getElementById(id); if (s) s.remove(); });
    // A fresh page before the last deal has no signatures section (its shape says so): it comes in whole.
    page.querySelector(":scope > p.links").before(fragment(answer.signatures).getElementById("signatures"));
    page.dataset.shape = answer.shape;
    var anchor = document.getElementById(answer.anchor);
    if (anchor) window.scrollTo(0, anchor.offsetTop);
  }
  function showDeal(form, page, answer) {
    var totals = document.getElementById("totals"), status = document.getElementById("status");
    var fresh = fragment(answer.totals);
    totals.replaceWith(fresh.getElementById("totals"));
    status.replaceWith(fresh.getElementById("status"));
    document.getElementById("deal-list").replaceWith(fragment(answer.deals).getElementById("deal-list"));
    if (!answer.ended) {
      var head = fragment(answer.head), h2 = document.querySelector("#entry h2"), info = document.getElementById("lead-info");
      if (info) info.remove();
      var newInfo = head.getElementById("lead-info");
      h2.replaceWith(head.querySelector("h2"));
      if (newInfo) document.querySelector("#entry h2").after(newInfo);
    }
    var time = document.getElementById("time"), newTime = fragment(answer.time).getElementById("time");
    if (time && newTime) time.replaceWith(newTime);
    ["no_show", "no_show_more"].forEach(function (id) { var s = document.getElementById(id); if (s) s.remove(); });  // before a first deal only
    var before = form.querySelector("input[name=n]").value;
    var remarkDeal = document.querySelector("#remark-form input[name=deal]");
    // The remark form follows the deal (its default too: the device's copy of the page is drawn from it).
    if (remarkDeal && remarkDeal.value === before) remarkDeal.value = remarkDeal.defaultValue = answer.next || before;
    page.dataset.version = answer.version;
    page.dataset.status = answer.status;
    document.querySelectorAll("input[name=version]").forEach(function (i) { i.value = answer.version; });
    showMessages(answer.messages);
    if (answer.ended) return showEnd(page, answer);
    form.querySelector("input[name=form_key]").value = answer.form_key;
    form.querySelector("input[name=n]").value = answer.next;
    form.querySelectorAll("input[type=radio]").forEach(function (r) { r.checked = false; });
    form.querySelectorAll("input[id^=id_hand_], input[id^=id_tiles_], input[name^=points_]").forEach(function (i) { i.value = ""; });
    form.querySelectorAll(".chips").forEach(function (c) { c.textContent = ""; });
    form.querySelectorAll(".field-error").forEach(function (e) { e.textContent = ""; });
    var preview = document.getElementById("preview");
    if (preview) preview.textContent = "";
    form.dispatchEvent(new Event("change", { bubbles: true }));
    window.scrollTo(0, document.getElementById("deals").offsetTop);
  }

  // --- showing the queue -------------------------------------------------------------------------
  function refresh() {
    return Q.list(partie).then(function (queue) {
      queue.forEach(function (e) { if (!e.user) { e.user = me; Q.put(e); } });
      waiting = mine(queue).length;
      render(mine(queue));
      report(mine(queue));
      return queue;
    });
  }
  function render(queue) {
    document.querySelectorAll(".queued-entry").forEach(function (e) { e.remove(); });
    var list = document.getElementById("deal-list"), remarks = document.querySelector("#remarks ul.remarks");
    var form = document.getElementById("deal-form");
    queue.forEach(function (entry) {
      var li = el("li", "queued-entry" + (entry.kind === "deal" ? " deal-row" : ""));
      li.id = "queued-" + entry.id;
      li.appendChild(el("span", "queued-tag", t("NotSent")));
      li.appendChild(el("span", "queued-text", " " + describe(entry)));
      var where = entry.kind === "deal" ? list : entry.kind === "remark" ? remarks : null;
      if (where) {
        var empty = where.querySelector(":scope > li.muted");
        if (empty) empty.hidden = true;
        where.appendChild(li);
      }
      if (entry.kind === "deal" && form && !correcting(entry)) setDealNumber(form, +field(entry, "n") + 1);
    });
    panel.hidden = !queue.length;
    panel.textContent = "";
    if (!queue.length) return;
    panel.appendChild(el("h2", null, t("Queued", { n: queue.length })));
    panel.appendChild(el("p", "provisional", t("Provisional")));
    if (!navigator.onLine || unreachable) panel.appendChild(el("p", "muted", t("Offline")));
    var ul = el("ol", "queue-list");
    queue.forEach(function (e) { ul.appendChild(el("li", null, describe(e))); });
    panel.appendChild(ul);
    var head = queue[0];
    if (head.refusal) panel.appendChild(conflictBox(head, head.refusal));
    else if (head.login) panel.appendChild(el("p", "field-error", t("Login")));
    else {
      var send = el("button", "big wide", t("SendNow"));
      send.type = "button"; send.id = "queue-send";
      send.addEventListener("click", flush);
      panel.appendChild(send);
    }
  }
  function conflictBox(head, refusal) {
    var div = el("div", "alert error queue-conflict");
    div.id = "queue-conflict"; div.setAttribute("role", "alert");
    div.appendChild(el("p", null, t("RefusedHead")));
    div.appendChild(el("p", "refusal-message", refusal.message));
    var stored = refusal.stored || {};
    var s = el("div", "queue-stored"); s.id = "queue-stored";
    s.appendChild(el("h3", null, t("StoredHead", { totals: stored.totals || "" })));
    var sl = el("ul");
    (stored.deals || []).concat(stored.remarks || [], stored.signatures || []).forEach(function (line) { sl.appendChild(el("li", null, line)); });
    if (!sl.children.length) sl.appendChild(el("li", "muted", t("StoredEmpty")));
    s.appendChild(sl); div.appendChild(s);
    var m = el("div", "queue-mine"); m.id = "queue-mine";
    m.appendChild(el("h3", null, t("MineHead")));
    m.appendChild(el("p", null, describe(head)));
    div.appendChild(m);
    var keepBtn = el("button", "big wide", t("KeepStored")); keepBtn.type = "button"; keepBtn.id = "queue-keep-stored";
    keepBtn.addEventListener("click", function () { choose(head, false); });
    var again = el("button", "big wide danger", t("Resend")); again.type = "button"; again.id = "queue-resend";
    again.addEventListener("click", function () { choose(head, true); });
    div.appendChild(again); div.appendChild(keepBtn);
    return div;
  }
  // The referee's word on a refused entry: sent again on the version stored now (a deal stored already is
  // corrected to his), or dropped, the stored one kept. The entries behind it go on from the stored version.
  function choose(head, resend) {
    var stored = head.refusal.stored || {};
    Q.list(partie).then(function (queue) {
      queue = mine(queue);
      var next = queue[1];
      if (resend) {
        head.version = stored.version; head.key = Q.key();
        if (head.kind === "deal" && (stored.deal_numbers || []).indexOf(+field(head, "n")) >= 0) setField(head, "correct", "on");
        if (head.refusal.code === "confirmation_required") setField(head, "confirm_disqualification", "on");
        head.refusal = null;
        return Q.put(head);
      }
      return Q.remove(head.id).then(function () {
        if (next && next.version == null) { next.version = stored.version; return Q.put(next); }
      });
    }).then(refresh).then(flush);
  }

  // --- sending ---------------------------------------------------------------------------------------
  function csrf() { var i = document.querySelector("input[name=csrfmiddlewaretoken]"); return i ? i.value : ""; }
  function post(url, params, more) {
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort && setTimeout(function () { abort.abort(); }, SEND_MS);
    var headers = { "X-CSRFToken": csrf(), "Accept": "application/json" };
    Object.keys(more || {}).forEach(function (k) { headers[k] = more[k]; });
    return fetch(url, { method: "POST", body: params, credentials: "same-origin", redirect: "manual",
                        signal: abort ? abort.signal : undefined, headers: headers })
      .finally(function () { clearTimeout(timer); });
  }
  function send(entry) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (f) { body.append(f[0], f[1]); });
    body.append("kind", entry.kind); body.append("form_key", entry.key);
    body.append("version", entry.version == null ? document.getElementById("protocol").dataset.version : entry.version);
    return post(d.queueUrl, body).then(function (response) {
      if (response.type === "opaqueredirect" || response.status === 403 && !/json/.test(response.headers.get("Content-Type") || "")) return { login: true };
      if (!/json/.test(response.headers.get("Content-Type") || "")) throw new Error("server " + response.status);
      return response.json();
    });
  }
  function flush() {
    if (busy || !navigator.onLine) return Promise.resolve();
    busy = true;
    function step() {
      return Q.list(partie).then(function (queue) {
        queue = mine(queue);
        var head = queue[0];
        if (!head || head.refusal) return queue;
        return send(head).then(function (answer) {
          if (answer.login) { head.login = true; return Q.put(head).then(function () { return queue; }); }
          unreachable = false;
          if (answer.result === "saved") { sentAny = true; return Q.advance(head.id, queue[1], answer.version).then(step); }
          head.refusal = { message: answer.message, code: answer.code, errors: answer.errors, stored: answer.stored };
          return Q.put(head).then(function () { return queue; });
        }, function () { unreachable = true; return queue; });  // no answer: the entry stays, sent again later
      });
    }
    return step().then(function () {
      busy = false;
      return Q.list(partie);
    }, function () { busy = false; return []; }).then(function (queue) {
      if (sentAny && !mine(queue).length) { window.location.replace(window.location.pathname + "#deals"); window.location.reload(); return; }
      return refresh();
    });
  }
  // One report at a time, and only when it says something new (or entries still wait: a sign of life).
  var reporting = false, pending = null, reported = null;
  function report(queue) {
    var state = { queued: String(queue.length), refused: queue[0] && queue[0].refusal ? "1" : "" };
    if (!navigator.onLine) return;
    if (reporting) { pending = queue; return; }
    if (reported && reported.queued === state.queued && reported.refused === state.refused && !queue.length) return;
    reporting = true;
    (device ? Promise.resolve(device) : Q.device().then(function (id) { device = id; return id; })).then(function (id) {
      return post(d.deviceUrl, new URLSearchParams({ device: id, queued: state.queued, refused: state.refused }));
    }).then(function (response) {
      if (response.ok) reported = state;
      return response.text();  // read to the end: a body left unread keeps the request open in some browsers
    }).catch(function () {}).then(function () {
      reporting = false;
      if (pending) { var next = pending; pending = null; report(next); }
    });
  }

  window.addEventListener("online", function () { refresh().then(flush); });
  window.addEventListener("offline", refresh);
  // While entries wait, the server's preview would score the deal without them: the page says so instead.
  document.body.addEventListener("htmx:beforeRequest", function (e) {
    var preview = document.getElementById("preview");
    if (waiting && preview && e.target.closest && e.target.closest("#deal-form")) {
      e.preventDefault();
      preview.textContent = t("PreviewOffline");
    }
  });
  document.body.addEventListener("htmx:sendError", function (e) {
    var preview = document.getElementById("preview");
    if (preview && e.target.closest && e.target.closest("#deal-form")) preview.textContent = t("PreviewOffline");
  });
  setInterval(function () { Q.list(partie).then(function (q) { if (mine(q).length) { flush(); report(mine(q)); } }); }, 15000);
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(d.swUrl).then(function () {
      if (window.caches && d.dashboardUrl) caches.open(CACHE).then(function (c) { return c.add(d.dashboardUrl); }).catch(function () {});
    }).catch(function () {});
  }
  refresh().then(flush);
})();

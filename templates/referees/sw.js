// The referee pages' service worker: the table page, the table list and their scripts and styles are kept
// on the device, so that the page opens (and keeps its queue of entries) when the connection is gone.
// Pages: the network first, the copy kept when it does not answer. A table page's form sent when the
// network fails is put into the device's queue (offline_queue.js), and the table page is shown again.
"use strict";
importScripts("{{ queue_js|escapejs }}");
var CACHE = "domino-referee-v1";
var WAIT_MS = 5000;
var ENTRY = /\/referee\/partie\/(\d+)\/(deal|remark|sign|no-show)\/$/;
var KIND = { "deal": "deal", "remark": "remark", "sign": "sign", "no-show": "no_show" };
var NEVER_KEPT = /\/(queue|device|preview|sw\.js)\/?$|\/deal\/preview\/$|\/remark\/preview\/$/;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function withTimeout(promise) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, WAIT_MS);
    promise.then(function (r) { clearTimeout(timer); resolve(r); }, function (e) { clearTimeout(timer); reject(e); });
  });
}

function networkFirst(request) {
  return withTimeout(fetch(request)).then(function (response) {
    if (response.ok && response.type === "basic" && !response.redirected) {  // never a login page in place of a table
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }, function (error) {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || (request.mode === "navigate" ? cache.match(request, { ignoreSearch: true }) : hit);
      });
    }).then(function (hit) { if (hit) return hit; throw error; });
  });
}

function queueForm(request, match) {
  var copy = request.clone();
  return fetch(request).catch(function (error) {
    return copy.formData().then(function (data) {
      var kind = KIND[match[2]];
      // A player's password is never kept on the device; a step that asks for a confirmation is not taken for it.
      if (data.get("password") || (kind !== "deal" && kind !== "remark" && kind !== "sign") ||
          (kind === "sign" && data.get("role") === "referee")) throw error;
      var fields = [];
      data.forEach(function (value, name) {
        if (name !== "csrfmiddlewaretoken" && name !== "form_key" && name !== "version") fields.push([name, String(value)]);
      });
      var version = data.get("version");
      return self.OfflineQueue.add({
        partie: match[1], user: "", kind: kind, fields: fields, key: self.OfflineQueue.key(),
        version: /^\d+$/.test(version || "") ? +version : null, created: Date.now(), refusal: null,
      }).then(function () {
        return Response.redirect(request.url.replace(ENTRY, "/referee/partie/$1/") + "#offline-queue", 303);
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST") {
    var match = request.mode === "navigate" && url.pathname.match(ENTRY);
    if (match) event.respondWith(queueForm(request, match));
    else if (/\/(login|logout)\/$/.test(url.pathname)) {  // a shared device: the next person sees no copy of these pages
      event.respondWith(caches.delete(CACHE).then(function () { return fetch(request); }));
    }
    return;
  }
  if (request.method !== "GET" || NEVER_KEPT.test(url.pathname)) return;
  if (request.mode === "navigate" && url.pathname.indexOf("/referee/") < 0) return;
  event.respondWith(networkFirst(request));
});

// The device's queue of table entries not yet sent, in IndexedDB (kept through a reload, a closed browser,
// a restarted phone). Shared by the table page (offline.js) and the service worker. Entries keep their
// order by an increasing id; nothing here judges an entry: the server does, when it arrives.
(function (scope) {
  "use strict";
  var DB = "domino-offline", STORE = "entries", META = "meta";

  function open() {
    return new Promise(function (resolve, reject) {
      var req = indexedDB.open(DB, 1);
      req.onupgradeneeded = function () {
        var db = req.result;
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
        if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
      };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }

  function run(stores, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(stores, mode), result;
        tx.oncomplete = function () { db.close(); resolve(result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
        result = work(tx);
        if (result && typeof result.onsuccess !== "undefined") {
          var req = result;
          req.onsuccess = function () { result = req.result; };
        }
      });
    });
  }

  function list(partie) {
    return run([STORE], "readonly", function (tx) { return tx.objectStore(STORE).getAll(); }).then(function (all) {
      return (all || []).filter(function (e) { return partie == null || e.partie === String(partie); })
        .sort(function (a, b) { return a.id - b.id; });
    });
  }

  function add(entry) {
    return run([STORE], "readwrite", function (tx) { return tx.objectStore(STORE).add(entry); });
  }

  function put(entry) {
    return run([STORE], "readwrite", function (tx) { return tx.objectStore(STORE).put(entry); });
  }

  function remove(id) {
    return run([STORE], "readwrite", function (tx) { tx.objectStore(STORE).delete(id); });
  }

  // The head was stored by the server: it goes, and the next entry, made on top of it, takes the version after it.
  function advance(id, next, version) {
    return run([STORE], "readwrite", function (tx) {
      var store = tx.objectStore(STORE);
      store.delete(id);
      if (next && next.version == null) { next.version = version; store.put(next); }
    });
  }

  function random(bytes) {
    var a = new Uint8Array(bytes);
    (scope.crypto || crypto).getRandomValues(a);
    return btoa(String.fromCharCode.apply(null, a)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // The device's own name, kept with its queue (the round overview shows which device holds entries).
  function device() {
    return run([META], "readwrite", function (tx) {
      var store = tx.objectStore(META), req = store.get("device");
      req.onsuccess = function () { if (!req.result) store.put(random(18), "device"); };
    }).then(function () {
      return run([META], "readonly", function (tx) { return tx.objectStore(META).get("device"); });
    });
  }

  scope.OfflineQueue = { list: list, add: add, put: put, remove: remove, advance: advance, key: function () { return random(18); },
                         device: device };
})(typeof self !== "undefined" ? self : window);

// The tournament form: the chosen preset's options, values and tie-break texts, the address suggested from the name.
(function () {
  var presets = JSON.parse(document.getElementById("preset-values").textContent);
  var choices = JSON.parse(document.getElementById("preset-choices").textContent);
  var tiebreakFormats = JSON.parse(document.getElementById("tiebreak-formats").textContent);
  var ruleSets = JSON.parse(document.getElementById("rule-sets").textContent);
  var form = document.getElementById("setup-form");
  var preset = form.elements["rules_preset"];
  var format = form.elements["format"];
  function showTiebreaks() {
    // The chosen format's criteria (an individual event's are the player's) and its orders' texts as the chosen
    // preset reads them («Основной порядок» of the Kozel family is by goats).
    var chosen = tiebreakFormats[format ? format.value : "pairs"] || tiebreakFormats.pairs;
    var order = form.elements["tiebreak_order"], labels = chosen.orderings[preset.value] || {};
    if (order) Array.prototype.forEach.call(order.options, function (o) {
      if (labels[o.value]) o.textContent = labels[o.value];
    });
    if (!format) return;  // a form without the format: its places are the tournament's own
    for (var i = 1; form.elements["tiebreak_" + i]; i++) {
      var place = form.elements["tiebreak_" + i], kept = place.value, row = document.getElementById("row-tiebreak_" + i);
      var shown = i <= chosen.criteria.length;
      place.textContent = "";
      place.appendChild(new Option("—", ""));
      chosen.criteria.forEach(function (c) { place.appendChild(new Option(c[1], c[0], false, c[0] === kept)); });
      if (!chosen.criteria.some(function (c) { return c[0] === kept; })) place.value = "";
      place.disabled = !shown;
      if (row) row.hidden = !shown;
    }
  }
  function showOptions() {
    // Only the chosen preset's options are shown and posted; the choices it does not allow are hidden.
    form.querySelectorAll(".rule-option").forEach(function (row) {
      var mine = (" " + row.getAttribute("data-presets") + " ").indexOf(" " + preset.value + " ") >= 0;
      row.hidden = !mine;
      row.querySelectorAll("input, select").forEach(function (el) { el.disabled = !mine; });
    });
    var allowed = choices[preset.value] || {};
    Object.keys(allowed).forEach(function (name) {
      var el = form.elements[name];
      if (!el || !el.options) return;
      Array.prototype.forEach.call(el.options, function (o) {
        o.hidden = o.disabled = allowed[name].indexOf(o.value) < 0;
      });
    });
    showTiebreaks();
  }
  if (format) format.addEventListener("change", showTiebreaks);
  function fill(values) {
    Object.keys(values).forEach(function (name) {
      var el = form.elements[name];
      if (!el) return;
      if (el.type === "checkbox") el.checked = !!values[name]; else el.value = values[name];
    });
  }
  var ruleSet = form.elements["rule_set"];
  function matchRuleSet() {
    // The federation's rule set the options are now, or «own rules» once one of them is changed.
    if (!ruleSet) return;
    ruleSet.value = Object.keys(ruleSets).filter(function (name) {
      var values = ruleSets[name];
      return Object.keys(values).every(function (field) {
        var el = form.elements[field];
        return !el || String(el.value) === String(values[field]);
      });
    })[0] || "";
  }
  preset.addEventListener("change", function () {
    showOptions();
    fill(presets[preset.value] || {});
    matchRuleSet();
  });
  if (ruleSet) {
    ruleSet.addEventListener("change", function () {
      if (ruleSets[ruleSet.value]) fill(ruleSets[ruleSet.value]);
    });
    Object.keys(ruleSets.fid || {}).forEach(function (field) {
      var el = form.elements[field];
      if (el) el.addEventListener("change", matchRuleSet);
    });
  }
  showOptions();
  var name = form.elements["name"], slug = form.elements["slug"];
  var map = {"а":"a","б":"b","в":"v","г":"g","д":"d","е":"e","ё":"yo","ж":"zh","з":"z","и":"i","й":"y","к":"k","л":"l","м":"m","н":"n","о":"o","п":"p","р":"r","с":"s","т":"t","у":"u","ф":"f","х":"kh","ц":"ts","ч":"ch","ш":"sh","щ":"shch","ъ":"","ы":"y","ь":"","э":"e","ю":"yu","я":"ya"};
  var touched = slug.value !== "";
  slug.addEventListener("input", function () { touched = slug.value !== ""; });
  function suggest() {
    if (touched) return;
    var s = name.value.toLowerCase().split("").map(function (c) { return c in map ? map[c] : c; }).join("");
    slug.placeholder = s.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60);
  }
  name.addEventListener("input", suggest);
  // A name typed (or restored by the browser) before this script ran gets its address too.
  if (name.value) suggest();
})();

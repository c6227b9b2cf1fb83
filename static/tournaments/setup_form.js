// The tournament form: the chosen preset's options, values and tie-break texts, the address suggested from the name.
(function () {
  var presets = JSON.parse(document.getElementById("preset-values").textContent);
  var choices = JSON.parse(document.getElementById("preset-choices").textContent);
  var tiebreakLabels = JSON.parse(document.getElementById("tiebreak-labels").textContent);
  var form = document.getElementById("setup-form");
  var preset = form.elements["rules_preset"];
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
    // The tie-break orders as the chosen preset reads them («Основной порядок» of the Kozel family is by goats).
    var order = form.elements["tiebreak_order"], labels = tiebreakLabels[preset.value] || {};
    if (order) Array.prototype.forEach.call(order.options, function (o) {
      if (labels[o.value]) o.textContent = labels[o.value];
    });
  }
  preset.addEventListener("change", function () {
    var values = presets[preset.value] || {};
    showOptions();
    Object.keys(values).forEach(function (name) {
      var el = form.elements[name];
      if (!el) return;
      if (el.type === "checkbox") el.checked = !!values[name]; else el.value = values[name];
    });
  });
  showOptions();
  var name = form.elements["name"], slug = form.elements["slug"];
  var map = {"а":"a","б":"b","в":"v","г":"g","д":"d","е":"e","ё":"yo","ж":"zh","з":"z","и":"i","й":"y","к":"k","л":"l","м":"m","н":"n","о":"o","п":"p","р":"r","с":"s","т":"t","у":"u","ф":"f","х":"kh","ц":"ts","ч":"ch","ш":"sh","щ":"shch","ъ":"","ы":"y","ь":"","э":"e","ю":"yu","я":"ya"};
  var touched = slug.value !== "";
  slug.addEventListener("input", function () { touched = slug.value !== ""; });
  name.addEventListener("input", function () {
    if (touched) return;
    var s = name.value.toLowerCase().split("").map(function (c) { return c in map ? map[c] : c; }).join("");
    slug.placeholder = s.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60);
  });
})();

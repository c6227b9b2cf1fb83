/* The player's rating after each event (Chart.js, vendored in static/vendor/chartjs; data from json_script). */
(function () {
  "use strict";
  var canvas = document.getElementById("rating-chart");
  var source = document.getElementById("rating-chart-data");
  if (!canvas || !source || typeof Chart === "undefined") { return; }
  var data = JSON.parse(source.textContent);
  new Chart(canvas, {
    type: "line",
    data: { labels: data.labels, datasets: [{ label: data.label, data: data.ratings, borderColor: "#1f5f8b",
      backgroundColor: "#1f5f8b", tension: 0, pointRadius: 4 }] },
    options: {
      responsive: true, maintainAspectRatio: false, animation: false,
      plugins: { legend: { display: false }, tooltip: { callbacks: {
        title: function (items) { var i = items[0].dataIndex; return data.names[i] + " · " + data.labels[i]; } } } },
      scales: { y: { ticks: { precision: 0 } } }
    }
  });
}());

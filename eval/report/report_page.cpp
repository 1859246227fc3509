#include "eval/report/report_page.hpp"

#include <stdexcept>

namespace tenbin::arena {

namespace {

// Before anything else: every script error and console.error is counted and listed, so a test
// (or a reader) sees them in the page itself.
constexpr const char* kHead = R"PAGE(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Tenbin match report</title>
<script>
window.reportErrors = [];
window.addEventListener('error', e => window.reportErrors.push(String(e.message)));
(() => { const original = console.error; console.error = (...args) => { window.reportErrors.push(args.join(' ')); original(...args); }; })();
</script>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; max-width: 1200px; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 3px 7px; text-align: right; white-space: nowrap; }
th { background: #f3f3f3; } td.text, th.text { text-align: left; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 1em; }
.chart { position: relative; height: 280px; }
.ok { color: #17703a; font-weight: bold; } .bad { color: #b3261e; font-weight: bold; }
.rank1 { background: #d8f0dd; } .rank2 { background: #eef6e0; } .rank3 { background: #fbeed9; } .rank4 { background: #f8d9d6; }
.walls { display: flex; flex-wrap: wrap; gap: 0 1.5em; } .walls table { font-size: 0.75em; } .walls td, .walls th { padding: 2px 5px; } small { color: #666; }
code { font-size: 0.9em; }
</style>
<script>
)PAGE";

constexpr const char* kBody = R"PAGE(
</script>
</head>
<body>
<h1>Tenbin match report</h1>
<div id="meta"></div>
<h2>Per seat</h2>
<p>Rates are per hand, with the half-width of their 95% interval over walls (n/a with a single wall); points are the match's rank points per game. Points per
hand are the seat's score change per hand, plain and less the luck of its deals, draws and dora (adjusted: the same mean in
expectation, a narrower interval when the luck is well estimated).</p>
<div id="summary"></div>
<div class="charts">
  <div><h3>Average rank, 95% interval</h3><div class="chart"><canvas id="chart-rank"></canvas></div></div>
  <div><h3>Rank distribution</h3><div class="chart"><canvas id="chart-ranks"></canvas></div></div>
  <div><h3>Rank points, running total</h3><div class="chart"><canvas id="chart-points"></canvas></div></div>
  <div><h3>Win, deal-in, riichi and call rates</h3><div class="chart"><canvas id="chart-rates"></canvas></div></div>
  <div><h3>Decision latency (ms)</h3><div class="chart"><canvas id="chart-latency"></canvas></div></div>
  <div><h3>Scores hand by hand: <select id="game-choice"></select></h3><div class="chart"><canvas id="chart-scores"></canvas></div></div>
</div>
<div id="duplicate"></div>
<script type="application/json" id="report-data">
)PAGE";

constexpr const char* kScript = R"PAGE(
</script>
<script>
'use strict';
const data = JSON.parse(document.getElementById('report-data').textContent);
const palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'];
const rankNames = ['1st', '2nd', '3rd', '4th'];
const names = data.commands.map(c => c.name);
const colour = name => palette[Math.max(0, names.indexOf(name)) % palette.length];
const percent = x => (100 * x).toFixed(1);
const number = x => Math.round(x).toLocaleString('en');
Chart.defaults.animation = false;
Chart.defaults.maintainAspectRatio = false;

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function table(headers, rows, textColumns) {
  const node = element('table');
  const head = node.insertRow();
  headers.forEach((h, i) => head.appendChild(element('th', h, textColumns.includes(i) ? 'text' : '')));
  rows.forEach(cells => {
    const row = node.insertRow();
    cells.forEach((c, i) => {
      const cell = row.insertCell();
      if (c instanceof Node) cell.appendChild(c); else cell.textContent = c;
      if (textColumns.includes(i)) cell.className = 'text';
    });
  });
  return node;
}

function showMeta() {
  const m = data.match;
  const box = document.getElementById('meta');
  const verified = element('span', m.commitments.verified ? 'verified' : 'NOT verified', m.commitments.verified ? 'ok' : 'bad');
  const line = element('p');
  line.append(`Directory ${m.dir} · seed ${m.seed} (${m.wall} walls) · ${m.format} · ${m.games_played} of ${m.games_asked} games · ` +
              `${m.duplicate ? 'duplicate seating' : 'fixed seating'} · commitments `, verified, ` (${m.commitments.message})`);
  box.appendChild(line);
  box.appendChild(table(['seat', 'name', 'command', 'dialect', 'timeout ms'],
                        m.seats.map((s, i) => [i, s.name, element('code', s.command), s.dialect, s.timeout_ms]), [1, 2, 3]));
}

function showSummary() {
  const rate = r => r.ci95 === null ? `${percent(r.rate)} ± n/a` : `${percent(r.rate)} ± ${percent(r.ci95)}`;
  const perHand = (mean, ci95) => `${mean.toFixed(0)} ± ${ci95.toFixed(0)}`;
  const play = data.commands.map(c => [
    c.name, c.games, `${c.average_rank.toFixed(2)} ± ${c.average_rank_ci95.toFixed(2)}`,
    c.rank_distribution.map(percent).join(' / '), c.average_points.toFixed(1), number(c.average_score), c.hands,
    perHand(c.points_per_hand, c.points_per_hand_ci95), perHand(c.adjusted_points_per_hand, c.adjusted_points_per_hand_ci95),
    rate(c.rates.win), rate(c.rates.deal_in), rate(c.rates.riichi), rate(c.rates.call),
    number(c.average_win), number(c.average_deal_in)]);
  const box = document.getElementById('summary');
  box.appendChild(table(['seat', 'games', 'avg rank', '1st/2nd/3rd/4th %', 'pt/game', 'avg score', 'hands', 'points/hand',
                         'adjusted points/hand', 'win %',
                         'deal-in %', 'riichi %', 'call %', 'avg win', 'avg deal-in'], play, [0]));
  const decisions = data.commands.map(c => [
    c.name, c.decisions, c.latency_ms.p50.toFixed(2), c.latency_ms.p99.toFixed(2), c.latency_ms.max.toFixed(2),
    Object.entries(c.incidents).filter(([k, v]) => v > 0).map(([k, v]) => `${v} ${k}`).join(', ') || 'none']);
  box.appendChild(table(['seat', 'decisions', 'latency p50 ms', 'p99 ms', 'max ms', 'incidents'], decisions, [0, 5]));
}

const charts = [];
function chart(id, config) { charts.push(new Chart(document.getElementById(id), config)); }

function drawSeatCharts() {
  chart('chart-rank', {
    type: 'bar',
    data: { labels: names, datasets: [
      { type: 'line', label: 'average rank', data: data.commands.map(c => c.average_rank), showLine: false,
        pointRadius: 6, backgroundColor: '#222', borderColor: '#222' },
      { label: '95% interval', data: data.commands.map(c => [c.average_rank - c.average_rank_ci95, c.average_rank + c.average_rank_ci95]),
        backgroundColor: names.map(n => colour(n) + '88') } ] },
    options: { scales: { y: { min: 1, max: 4, reverse: true, title: { display: true, text: 'rank' } } } } });
  chart('chart-ranks', {
    type: 'bar',
    data: { labels: rankNames, datasets: data.commands.map(c => ({ label: c.name, data: c.rank_distribution.map(x => 100 * x),
                                                                      backgroundColor: colour(c.name) })) },
    options: { scales: { y: { min: 0, title: { display: true, text: '% of games' } } } } });
  const longest = Math.max(...Object.values(data.cumulative_points).map(s => s.length));
  chart('chart-points', {
    type: 'line',
    data: { labels: Array.from({ length: longest }, (_, i) => i + 1),
            datasets: Object.entries(data.cumulative_points).map(([name, series]) => ({ label: name, data: series,
                                                                                       borderColor: colour(name), pointRadius: 0 })) },
    options: { scales: { x: { title: { display: true, text: 'games played' } }, y: { title: { display: true, text: 'points' } } } } });
  chart('chart-rates', {
    type: 'bar',
    data: { labels: ['win', 'deal-in', 'riichi', 'call'],
            datasets: data.commands.map(c => ({ label: c.name, backgroundColor: colour(c.name),
                                                data: ['win', 'deal_in', 'riichi', 'call'].map(k => 100 * c.rates[k].rate) })) },
    options: { scales: { y: { min: 0, title: { display: true, text: '% of hands' } } } } });
  chart('chart-latency', {
    type: 'bar',
    data: { labels: data.latency_bins_ms,
            datasets: data.commands.map(c => ({ label: c.name, backgroundColor: colour(c.name), data: c.latency_histogram })) },
    options: { scales: { y: { min: 0, title: { display: true, text: 'decisions' } } } } });
}

function scoresDatasets(game) {
  return [0, 1, 2, 3].map(seat => ({ label: `seat ${seat}: ${game.names[seat]} (${rankNames[game.ranks[seat]]})`,
                                     data: game.scores.map(s => s[seat]), borderColor: palette[seat + 4], tension: 0.1 }));
}

function drawScores() {
  const choice = document.getElementById('game-choice');
  data.games.forEach((g, i) => choice.add(new Option(`game ${g.game}`, i)));
  chart('chart-scores', { type: 'line', data: { labels: data.games[0].hands, datasets: scoresDatasets(data.games[0]) },
                          options: { scales: { y: { title: { display: true, text: 'score' } } } } });
  const scores = charts[charts.length - 1];
  choice.addEventListener('change', () => {
    const game = data.games[choice.value];
    scores.data.labels = game.hands;
    scores.data.datasets = scoresDatasets(game);
    scores.update();
  });
}

function showDuplicate() {
  if (data.duplicate.length === 0) return;
  const box = document.getElementById('duplicate');
  box.appendChild(element('h2', 'Duplicate seating: each wall\'s four rotations'));
  box.appendChild(element('p', 'The same tiles dealt four times, the seats moving one place each time: where each seat command finished.'));
  const walls = element('div', undefined, 'walls');
  data.duplicate.forEach(wall => {
    const node = element('table');
    const caption = node.createCaption();
    caption.textContent = `wall ${wall.wall_game}`;
    const head = node.insertRow();
    head.appendChild(element('th', 'seat command', 'text'));
    wall.games.forEach(g => head.appendChild(element('th', `game ${g}`)));
    wall.rows.forEach(r => {
      const row = node.insertRow();
      row.appendChild(element('td', `${r.command}: ${r.name}`, 'text'));
      r.cells.forEach(c => {
        const cell = element('td', `${rankNames[c.rank]} ${number(c.score)} `, `rank${c.rank + 1}`);
        cell.appendChild(element('small', `seat ${c.seat}`));
        row.appendChild(cell);
      });
    });
    walls.appendChild(node);
  });
  box.appendChild(walls);
}

// For tests: how many charts drew visible pixels, the errors seen and the milliseconds from the
// start of navigation until now, as attributes of <body>.
function markDrawn() {
  const drawn = charts.filter(c => {
    const canvas = c.canvas;
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  }).length;
  document.body.dataset.charts = charts.length;
  document.body.dataset.chartsDrawn = drawn;
  document.body.dataset.errors = window.reportErrors.length;
  document.body.dataset.readyMs = Math.round(performance.now());
  if (window.reportErrors.length) document.body.appendChild(element('pre', window.reportErrors.join('\n'), 'bad'));
}

try {
  showMeta();
  showSummary();
  drawSeatCharts();
  drawScores();
  showDuplicate();
} catch (error) {
  window.reportErrors.push(String(error));
}
requestAnimationFrame(() => setTimeout(markDrawn, 0));
</script>
</body>
</html>
)PAGE";

// The data sits in a <script> element: "</" would end it early, "<\/" reads the same as JSON.
std::string escaped_for_script(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += '\\';
  }
  return out;
}

}  // namespace

std::string report_page(const std::string& chart_js, const nlohmann::json& data) {
  if (chart_js.find("</script") != std::string::npos) throw std::runtime_error("the charting library holds </script>");
  if (chart_js.find("Chart") == std::string::npos) throw std::runtime_error("the charting library is not Chart.js");
  return std::string(kHead) + chart_js + kBody + escaped_for_script(data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)) + kScript;
}

}  // namespace tenbin::arena

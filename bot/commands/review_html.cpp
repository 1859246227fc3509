#include "bot/commands/review_html.hpp"

#include <cstdio>
#include <ostream>
#include <string>

#include "bot/commands/replay.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

std::string escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string percent(double p) { return fixed(100 * p, 1) + "%"; }

// A tile as a small box, coloured by suit; red fives in red.
std::string tile_html(const std::string& name, const std::string& extra_class = "") {
  const char suit = name.size() >= 2 ? name[1] : 'z';
  const bool red = name.size() == 3 && name[2] == 'r';
  std::string cls = std::string("t ") + (suit == 'm' || suit == 'p' || suit == 's' ? suit : 'z');
  if (red) cls += " red";
  cls += extra_class;
  return "<span class=\"" + cls + "\">" + escape(name.substr(0, red ? 2 : name.size())) + "</span>";
}

std::string tiles_html(const json& names) {
  std::string out;
  for (const json& name : names) out += tile_html(name.get<std::string>());
  return out;
}

// An mjai action in words a player uses.
std::string action_html(const json& action) {
  const std::string type = action.value("type", "none");
  const std::string pai = action.contains("pai") ? tile_html(action.at("pai").get<std::string>()) : "";
  if (type == "none") return "pass";
  if (type == "dahai") return "discard " + pai + (action.value("tsumogiri", false) ? " (tsumogiri)" : "");
  if (type == "reach") return "riichi";
  if (type == "hora") return action.value("actor", -1) == action.value("target", -2) ? "tsumo" : "ron " + pai;
  if (type == "ryukyoku") return "kyuushu kyuuhai";
  const std::string consumed = action.contains("consumed") ? tiles_html(action.at("consumed")) : "";
  return escape(type) + " " + pai + (consumed.empty() ? "" : " with " + consumed);
}

const char* kStyle = R"(
body{font-family:sans-serif;margin:1em 2em;color:#222;background:#fafafa}
h1{font-size:1.4em}h2{font-size:1.2em;margin-top:1.5em}h3{font-size:1em;margin:.2em 0}
nav a{margin-right:.6em}
table{border-collapse:collapse;margin:.4em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}
.t{display:inline-block;min-width:1.6em;padding:1px 2px;margin:1px;border:1px solid #999;border-radius:3px;
background:#fff;text-align:center;font-family:monospace}
.t.m{color:#0b3d91}.t.p{color:#1b7a1b}.t.s{color:#7a4b00}.t.z{color:#333}.t.red{color:#d00;font-weight:bold}
.decision{border:1px solid #ddd;background:#fff;margin:.6em 0;padding:.4em .8em;border-left:6px solid #6a6}
.decision.disagree{border-left-color:#d55}
.chosen{background:#e6f4e6}.played{background:#fbe9e9}.chosen.played{background:#e6f4e6}
.seat{margin:.1em 0}.riichi{color:#d00;font-weight:bold}.river .t.tg{opacity:.6}.river .t.rd{transform:rotate(90deg)}
.hide-agreements .decision.agree{display:none}
)";

const char* kScript = R"(
const box = document.getElementById('only-disagreements');
box.addEventListener('change', () => document.body.classList.toggle('hide-agreements', box.checked));
// n and p step to the next and previous disagreement.
const disagreements = Array.from(document.querySelectorAll('.decision.disagree'));
let at = -1;
document.addEventListener('keydown', (e) => {
  if (disagreements.length === 0 || (e.key !== 'n' && e.key !== 'p')) return;
  at = (at + (e.key === 'n' ? 1 : disagreements.length - 1)) % disagreements.length;
  disagreements[at].scrollIntoView();
});
document.body.dataset.ready = 'yes';
)";

void write_summary(const Review& review, std::ostream& out) {
  const json summary = review.summary_json();
  const int total = static_cast<int>(review.decisions.size());
  out << "<p id=\"agreement\">Agreement: " << review.agreements << " of " << total << " decisions";
  if (total > 0) out << " (" << percent(summary.at("agreement_rate").get<double>()) << ")";
  out << "; value lost against " << escape(review.strategy) << "'s choice: " << fixed(review.value_lost, 0)
      << " points.</p>\n<nav id=\"hands\">Hands: ";
  for (const HandReview& h : review.hands) out << "<a href=\"#hand-" << escape(h.hand) << "\">" << escape(h.hand) << "</a>";
  out << "</nav>\n<h2>By hand</h2>\n<table id=\"by-hand\"><tr><th>Hand</th><th>Decisions</th><th>Agreement</th>"
         "<th>Value lost</th></tr>\n";
  for (const HandReview& h : review.hands) {
    out << "<tr><td><a href=\"#hand-" << escape(h.hand) << "\">" << escape(h.hand) << "</a></td><td>" << h.decisions
        << "</td><td>" << h.agreements << "</td><td>" << fixed(h.value_lost, 0) << "</td></tr>\n";
  }
  out << "</table>\n<h2>Biggest disagreements</h2>\n<table id=\"biggest\"><tr><th>Hand</th><th>Line</th>"
         "<th>Played</th><th>"
      << escape(review.strategy) << "</th><th>Value lost</th></tr>\n";
  for (const ReviewedDecision* d : review.biggest_disagreements()) {
    out << "<tr class=\"disagreement\"><td>" << escape(d->hand) << "</td><td><a href=\"#d-" << d->line << "\">"
        << d->line << "</a></td><td>" << action_html(d->played) << "</td><td>" << action_html(d->chosen)
        << "</td><td>" << (d->value_lost ? fixed(*d->value_lost, 0) : "unpriced") << "</td></tr>\n";
  }
  out << "</table>\n";
}

void write_river(const json& river, std::ostream& out) {
  out << "<span class=\"river\">";
  for (const json& t : river) {
    std::string extra;
    if (t.at("tsumogiri").get<bool>()) extra += " tg";  // drawn and discarded
    if (t.at("riichi").get<bool>()) extra += " rd";     // the riichi declaration, turned sideways
    out << tile_html(t.at("pai").get<std::string>(), extra);
  }
  out << "</span>";
}

void write_position(const json& position, int seat, std::ostream& out) {
  out << "<div class=\"position\"><div>Hand: " << tiles_html(position.at("hand"));
  if (!position.at("draw").is_null()) out << " drew " << tile_html(position.at("draw").get<std::string>());
  out << " · dora indicators: " << tiles_html(position.at("dora_markers")) << " · " << position.at("tiles_left")
      << " tiles left</div>\n";
  for (const json& s : position.at("seats")) {
    out << "<div class=\"seat\">" << (s.at("seat").get<int>() == seat ? "<b>" : "") << s.at("wind").get<std::string>()
        << " " << s.at("score") << (s.at("seat").get<int>() == seat ? "</b>" : "");
    if (s.at("riichi").get<bool>()) out << " <span class=\"riichi\">riichi</span>";
    for (const json& meld : s.at("melds")) out << " [" << tiles_html(meld.at("tiles")) << "]";
    out << " river: ";
    write_river(s.at("river"), out);
    out << "</div>\n";
  }
  out << "</div>\n";
}

void write_candidates(const ReviewedDecision& d, std::ostream& out) {
  if (d.candidates.empty()) return;
  out << "<table class=\"candidates\"><tr><th>Candidate</th><th>Win</th><th>Expected score</th><th>Deal-in</th>"
         "<th>Expected loss</th><th>Line</th><th>Value</th></tr>\n";
  for (const json& c : d.candidates) {
    std::string cls;
    if (same_action(c.at("action"), d.chosen)) cls += " chosen";
    if (same_action(c.at("action"), d.played)) cls += " played";
    out << "<tr class=\"" << cls.substr(cls.empty() ? 0 : 1) << "\"><td>" << action_html(c.at("action")) << "</td><td>"
        << percent(c.at("win_prob").get<double>()) << "</td><td>" << fixed(c.at("exp_score").get<double>(), 1)
        << "</td><td>" << fixed(100 * c.at("deal_in_prob").get<double>(), 2) << "%" << "</td><td>"
        << fixed(c.at("expected_loss").get<double>(), 1) << "</td><td>" << escape(c.value("line", ""))
        << "</td><td>" << fixed(c.at("value").get<double>(), 1) << "</td></tr>\n";
  }
  out << "</table>\n";
}

void write_decision(const Review& review, const ReviewedDecision& d, std::ostream& out) {
  out << "<article class=\"decision " << (d.agree ? "agree" : "disagree") << "\" id=\"d-" << d.line << "\">\n<h3>Line "
      << d.line << ": played " << action_html(d.played) << " · " << escape(review.strategy) << ": "
      << action_html(d.chosen);
  if (d.value_lost && !d.agree) out << " · value lost " << fixed(*d.value_lost, 0);
  out << "</h3>\n";
  write_position(d.position, review.seat, out);
  write_candidates(d, out);
  out << "</article>\n";
}

}  // namespace

void write_review_html(const Review& review, std::ostream& out) {
  const std::string who = "seat " + std::to_string(review.seat) +
                          (review.player.empty() ? "" : " (" + escape(review.player) + ")");
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Tenbin review: " << who
      << "</title>\n<style>" << kStyle << "</style></head>\n<body>\n<h1>Review of " << who << " beside "
      << escape(review.strategy) << "</h1>\n";
  write_summary(review, out);
  out << "<p><label><input type=\"checkbox\" id=\"only-disagreements\"> only disagreements</label> "
         "(keys n and p: next and previous disagreement)</p>\n";
  for (std::size_t i = 0; i < review.decisions.size(); ++i) {
    const ReviewedDecision& d = review.decisions[i];
    const bool new_hand = i == 0 || review.decisions[i - 1].hand != d.hand;
    if (new_hand && i > 0) out << "</section>\n";
    if (new_hand) out << "<section class=\"hand\" id=\"hand-" << escape(d.hand) << "\"><h2>" << escape(d.hand) << "</h2>\n";
    write_decision(review, d, out);
  }
  if (!review.decisions.empty()) out << "</section>\n";
  out << "<script>" << kScript << "</script>\n</body></html>\n";
}

}  // namespace tenbin

#include "bot/mj0/tenpai_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

namespace tenbin::tenpai_model {

// The text of data/tenpai_model.json, written into a generated source file at configure time
// (CMakeLists.txt).
extern const char* const kModelJson;

namespace {

constexpr std::array<std::pair<std::string_view, Term>, 8> kTermNames = {{
    {"bias", Term::bias},
    {"discards", Term::discards},
    {"discards_sq", Term::discards_sq},
    {"open", Term::open},
    {"open_melds", Term::open_melds},
    {"open_discards", Term::open_discards},
    {"tsumogiri_share", Term::tsumogiri_share},
    {"late_middle", Term::late_middle},
}};

bool is_middle(Tile tile) {
  const int number = number_of(tile.kind());
  return number >= 3 && number <= 7;
}

}  // namespace

Features features_of(const Table& table, int seat) {
  const SeatView& player = table.player(seat);
  Features features;
  features.riichi = player.riichi_declared;
  features.discards = static_cast<int>(player.river.size());
  features.open_melds = player.open_melds();
  features.recent_discards = std::min(features.discards, kRecentDiscards);
  const int first_recent = features.discards - features.recent_discards;
  const int first_late = std::max(features.discards - kLateWindow, kLateFromDiscard - 1);
  for (int i = first_recent; i < features.discards; ++i) {
    const RiverTile& discard = player.river[static_cast<std::size_t>(i)];
    if (discard.tsumogiri) ++features.recent_tsumogiri;
    if (i >= first_late && is_middle(discard.tile)) ++features.late_middle;
  }
  return features;
}

Term parse_term(const std::string& name) {
  for (const auto& [term_name, term] : kTermNames) {
    if (term_name == name) return term;
  }
  throw std::invalid_argument("tenpai model: unknown term \"" + name + "\"");
}

double term_value(Term term, const Features& features) {
  switch (term) {
    case Term::bias: return 1.0;
    case Term::discards: return features.discards;
    case Term::discards_sq: return features.discards * features.discards / 10.0;
    case Term::open: return features.open_melds > 0 ? 1.0 : 0.0;
    case Term::open_melds: return features.open_melds;
    case Term::open_discards: return features.open_melds > 0 ? features.discards : 0.0;
    case Term::tsumogiri_share:
      return features.recent_discards > 0
                 ? static_cast<double>(features.recent_tsumogiri) / features.recent_discards
                 : 0.0;
    case Term::late_middle: return features.late_middle;
  }
  return 0.0;
}

Model parse_model(const std::string& json_text) {
  nlohmann::json file;
  try {
    file = nlohmann::json::parse(json_text);
  } catch (const nlohmann::json::exception& error) {
    throw std::invalid_argument(std::string("tenpai model: not JSON: ") + error.what());
  }
  if (!file.is_object() || file.value("model", std::string()) != "logistic") {
    throw std::invalid_argument("tenpai model: \"model\" must be \"logistic\"");
  }
  const auto& terms = file.find("terms");
  const auto& weights = file.find("weights");
  if (terms == file.end() || weights == file.end() || !terms->is_array() || !weights->is_array()) {
    throw std::invalid_argument("tenpai model: \"terms\" and \"weights\" must be arrays");
  }
  if (terms->size() != weights->size()) {
    throw std::invalid_argument("tenpai model: " + std::to_string(terms->size()) + " terms but " +
                                std::to_string(weights->size()) + " weights");
  }
  Model model;
  for (std::size_t i = 0; i < terms->size(); ++i) {
    if (!(*terms)[i].is_string() || !(*weights)[i].is_number()) {
      throw std::invalid_argument("tenpai model: term " + std::to_string(i) + " is not a name with a number");
    }
    model.terms.push_back(parse_term((*terms)[i].get<std::string>()));
    model.weights.push_back((*weights)[i].get<double>());
  }
  return model;
}

const Model& model() {
  static const Model compiled = parse_model(kModelJson);
  return compiled;
}

// The logistic function of the linear predictor.
double logistic_probability(const Model& model, const Features& features) {
  double z = 0.0;
  for (std::size_t i = 0; i < model.terms.size(); ++i) z += model.weights[i] * term_value(model.terms[i], features);
  return 1.0 / (1.0 + std::exp(-z));
}

double tenpai_probability(const Features& features) {
  if (features.riichi) return 1.0;
  return logistic_probability(model(), features);
}

double tenpai_probability(const Table& table, int seat) { return tenpai_probability(features_of(table, seat)); }

mj0::Position mj0_position(const Table& table, const mj0::ModeParams& modes) {
  mj0::Position position = mj0::position_from_table(table, mj0::kDefaultTenpai, modes);
  for (mj0::Opponent& opponent : position.opponents) {
    if (!opponent.riichi) opponent.tenpai_probability = tenpai_probability(table, opponent.seat);
  }
  return position;
}

}  // namespace tenbin::tenpai_model

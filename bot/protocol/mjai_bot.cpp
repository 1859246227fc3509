#include "bot/protocol/mjai_bot.hpp"

#include <unistd.h>

#include <cerrno>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "bot/protocol/json_line.hpp"
#include "bot/protocol/server_offer.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

std::string shorten(std::string_view line) {
  constexpr std::size_t kShown = 200;
  std::string shown(line.substr(0, kShown));
  for (char& c : shown) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  }
  if (line.size() > kShown) shown += "... (" + std::to_string(line.size()) + " bytes)";
  return shown;
}

bool owes_reply_on_own_turn(const Event& event, int seat) {
  return event.actor == seat && (event.type == EventType::tsumo || event.type == EventType::reach);
}

// Session messages and unknown types: nothing to update, nothing to answer.
bool carries_nothing(EventType type) {
  return type == EventType::hello || type == EventType::join || type == EventType::none ||
         type == EventType::unknown;
}

// Events that only make sense inside a hand (after its start_kyoku).
bool in_hand(EventType type) {
  switch (type) {
    case EventType::start_game:
    case EventType::start_kyoku:
    case EventType::end_kyoku:
    case EventType::end_game:
    case EventType::error: return false;
    default: return !carries_nothing(type);
  }
}

Action tsumogiri_of(Tile tile) {
  Action action;
  action.type = EventType::dahai;
  action.pai = tile;
  action.tsumogiri = true;
  return action;
}

// The safe action when the allowed ones hold it, else the first allowed.
Action fallback(const Table& table, const std::vector<Action>& allowed) {
  const Action safe = table.safe_action();
  const bool safe_allowed = std::any_of(allowed.begin(), allowed.end(), [&](const Action& a) { return same_action(a, safe); });
  return safe_allowed || allowed.empty() ? safe : allowed.front();
}

}  // namespace

MjaiBot::MjaiBot(std::unique_ptr<Policy> policy, BotOptions options)
    : policy_(std::move(policy)), options_(options), table_(options.seat) {}

void MjaiBot::reject(std::string_view line, const std::string& why) {
  ++rejected_;
  spdlog::error("rejected input: {} -- line: {}", shorten(why), shorten(line));
}

std::optional<Event> MjaiBot::parse_one(const json& object, std::string_view line) {
  try {
    ParsedEvent parsed = parse_event(object);
    for (const std::string& warning : parsed.warnings) spdlog::warn("{}", warning);
    return parsed.event;
  } catch (const std::exception& error) {
    reject(line, error.what());  // the line as it came, shortened: never the whole object
    return std::nullopt;
  }
}

std::vector<Action> MjaiBot::allowed_actions(const Table& table, const Event* event) const {
  std::vector<Action> legal = table.legal_actions();
  if (event == nullptr) return legal;
  if (options_.original_server) {
    std::vector<Action> accepted = original_server_accepts(*event, table.seat(), legal);
    if (!accepted.empty() && accepted.size() < legal.size()) {
      spdlog::info("the original server accepts only a pass on {}: the other legal actions are left out",
                   event_type_name(event->type));
      legal = std::move(accepted);
    }
  }
  OfferCheck check = check_offer(*event, table.seat(), legal);
  for (const std::string& mismatch : check.mismatches) {
    spdlog::warn("the server's list and the table disagree: {} -- event: {}", mismatch, event_to_json(*event).dump());
  }
  return std::move(check.allowed);
}

void MjaiBot::report_offers_without_decision(const Event& event) const {
  for (const Event& offer : event.possible_actions) {
    if (offer.type == EventType::none) continue;
    spdlog::warn("the server's list and the table disagree: the server offers {}, the table has nothing to decide -- event: {}",
                 event_to_json(offer).dump(), event_to_json(event).dump());
  }
}

Action MjaiBot::decide(const Table& table, const Event* event) {
  const std::vector<Action> allowed = allowed_actions(table, event);
  Action chosen = fallback(table, allowed);
  try {
    chosen = policy_->choose(table, allowed);
  } catch (const std::exception& error) {
    spdlog::error("strategy {} failed ({}); sending the safe action", policy_->name(), error.what());
  }
  const bool is_allowed = std::any_of(allowed.begin(), allowed.end(),
                                      [&](const Action& a) { return same_action(a, chosen); });
  if (!is_allowed) {
    spdlog::error("strategy {} chose an illegal action; sending the safe one", policy_->name());
    chosen = fallback(table, allowed);
  }
  ++decisions_;
  if (options_.meta) pending_meta_ = policy_->explanation();
  return chosen;
}

std::optional<Action> MjaiBot::take(const Event& event, bool decide_now) {
  if (carries_nothing(event.type)) return std::nullopt;
  if (event.type == EventType::start_kyoku) own_draw_.reset();
  if (event.type == EventType::tsumo && event.actor == table_.seat() && !event.pai.is_hidden()) {
    own_draw_ = event.pai;
  }
  // Our draw is owed a discard even when the table cannot follow: the drawn tile is safe.
  const bool owes_discard = owes_reply_on_own_turn(event, table_.seat()) && own_draw_.has_value();
  const std::optional<Tile> drawn = own_draw_;
  if (event.type == EventType::dahai && event.actor == table_.seat()) own_draw_.reset();
  if (!table_.can_score_own_win(event)) {
    spdlog::warn("hora: our table cannot score this win of ours (no complete hand with a yaku); the server's "
                 "scores stand: {}", event_to_json(event).dump(-1, ' ', false, json::error_handler_t::replace));
  }
  try {
    table_.apply(event);
  } catch (const TableError& error) {
    spdlog::error("event contradicts the table ({}); ignoring events until the next start_kyoku: {}",
                  error.what(), event_to_json(event).dump());
    out_of_sync_reported_ = true;
    if (owes_discard) return tsumogiri_of(*drawn);
    return std::nullopt;
  }
  if (!table_.synchronised()) {
    if (in_hand(event.type)) {
      if (!out_of_sync_reported_) {
        spdlog::warn("{} outside a hand (no start_kyoku yet): ignored until the next start_kyoku",
                     event_type_name(event.type));
        out_of_sync_reported_ = true;
      }
      if (owes_discard) return tsumogiri_of(*drawn);
    }
    return std::nullopt;
  }
  out_of_sync_reported_ = false;
  if (!decide_now || !event.can_act) return std::nullopt;
  if (table_.decision() == Decision::none || table_.legal_actions().empty()) {
    report_offers_without_decision(event);
    return std::nullopt;
  }
  return decide(table_, &event);
}

std::optional<Action> MjaiBot::decide_after(const Action& first) {
  Table next = table_;
  try {
    next.apply(first.to_event(table_.seat()));
  } catch (const TableError& error) {
    spdlog::error("cannot follow our own {} ({}); no second action", event_type_name(first.type), error.what());
    return std::nullopt;
  }
  if (next.decision() == Decision::none || next.legal_actions().empty()) return std::nullopt;
  return decide(next);
}

std::optional<Action> MjaiBot::decide_pending() {
  if (table_.decision() == Decision::none || table_.legal_actions().empty()) return std::nullopt;
  return decide(table_);
}

std::string MjaiBot::serialise(const Action& action) {
  json reply = event_to_json(action.to_event(table_.seat()));
  if (!pending_meta_.is_null()) reply["meta"] = std::move(pending_meta_);
  pending_meta_ = nullptr;
  return reply.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string MjaiBot::reply_to(const Event& event) {
  if (event.type == EventType::hello) {
    Event join;
    join.type = EventType::join;
    join.name = options_.name;
    join.room = options_.room;
    return event_to_json(join).dump(-1, ' ', false, json::error_handler_t::replace);
  }
  const std::optional<Action> action = take(event);
  return serialise(action.value_or(Action{}));
}

std::vector<std::string> MjaiBot::on_line(std::string_view line) {
  const auto first = line.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const bool batch = line[first] == '[';
  json parsed;
  try {
    parsed = parse_json_line(line);
  } catch (const JsonLineError& error) {
    reject(line, error.what());
    if (batch || options_.reply_every) return {serialise(Action{})};
    return {};
  }

  if (batch) {
    if (!parsed.is_array()) {
      reject(line, "a line starting with '[' must be a JSON array of events");
      return {serialise(Action{})};
    }
    // The reply is about the last event that means something; a trailing unknown event or a
    // rejected item does not cancel the decision before it, and only that event is decided.
    std::vector<Event> events;
    for (const json& item : parsed) {
      if (std::optional<Event> event = parse_one(item, line)) events.push_back(std::move(*event));
    }
    std::size_t last = events.size();
    for (std::size_t i = events.size(); i-- > 0;) {
      if (!carries_nothing(events[i].type)) {
        last = i;
        break;
      }
    }
    std::optional<Action> owed;
    for (std::size_t i = 0; i < events.size(); ++i) {
      const std::optional<Action> action = take(events[i], i == last);
      if (i == last) owed = action;
    }
    return {serialise(owed.value_or(Action{}))};
  }

  const std::optional<Event> event = parse_one(parsed, line);
  if (!event) return options_.reply_every ? std::vector<std::string>{serialise(Action{})}
                                          : std::vector<std::string>{};
  if (event->type == EventType::hello) return {reply_to(*event)};
  const std::optional<Action> owed = take(*event);
  if (owed) return {serialise(*owed)};
  if (options_.reply_every) return {serialise(Action{})};
  return {};
}

bool LineReader::next(std::string& line, bool& truncated) {
  line.clear();
  truncated = false;
  while (true) {
    const auto newline = buffer_.find('\n', start_);
    if (newline != std::string::npos) {
      if (!truncated) line.append(buffer_, start_, newline - start_);
      start_ = newline + 1;
      return true;
    }
    if (!truncated) {
      line.append(buffer_, start_, std::string::npos);
      if (line.size() > limit_) {
        truncated = true;
        line.resize(limit_);
      }
    }
    buffer_.clear();
    start_ = 0;
    if (eof_) return !line.empty() || truncated;
    char chunk[65536];
    const ssize_t got = ::read(fd_, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      timed_out_ = got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
      eof_ = true;
      continue;
    }
    buffer_.assign(chunk, static_cast<std::size_t>(got));
  }
}

}  // namespace tenbin

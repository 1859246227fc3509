#include "fuzz/mjai_bot_check.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/protocol/json_line.hpp"
#include "bot/protocol/mjai_bot.hpp"
#include "bot/protocol/tcp_client.hpp"
#include "bot/strategy/greedy.hpp"

namespace tenbin::fuzz {
namespace {

using nlohmann::json;

// The bot's own line limit: whole lines of any length up to it reach the parser (a smaller cut
// once hid a crash on 160 KB of nesting), and longer ones take the over-the-limit path.
constexpr std::size_t kLineLimit = std::size_t{1} << 20;
constexpr std::size_t kBatchSize = 3;     // events regrouped per array in batch style

[[noreturn]] void fail(const std::string& what, const std::string& detail) {
  throw CheckFailure(detail.empty() ? what : what + ": " + detail);
}

std::string describe(const Action& action, int seat) { return event_to_json(action.to_event(seat)).dump(); }

// Greedy, watched: an illegal pick stops the fuzzer instead of being replaced by the safe one.
class WatchedGreedy final : public Policy {
 public:
  std::string_view name() const override { return "watched-greedy"; }
  Action choose(const Table& table, std::span<const Action> legal) override {
    if (legal.empty()) fail("the strategy was asked with no legal action", "");
    const Action chosen = greedy_.choose(table, legal);
    const bool listed = std::any_of(legal.begin(), legal.end(),
                                    [&](const Action& a) { return same_action(a, chosen); });
    if (!listed) fail("greedy chose an action off the legal list", describe(chosen, table.seat()));
    return chosen;
  }

 private:
  GreedyPolicy greedy_;
};

MjaiBot make_bot(bool reply_every) {
  BotOptions options;
  options.reply_every = reply_every;
  return MjaiBot(std::make_unique<WatchedGreedy>(), options);
}

struct ReadLine {
  std::string text;
  bool truncated = false;
};

// The input as the bot process reads it: through a LineReader on a file descriptor.
std::vector<ReadLine> read_raw_lines(const std::uint8_t* data, std::size_t size) {
  const int fd = ::memfd_create("mjai_bot_fuzz", MFD_CLOEXEC);
  if (fd < 0) fail("memfd_create failed", "");
  if (size > 0 && ::write(fd, data, size) != static_cast<ssize_t>(size)) fail("write failed", "");
  ::lseek(fd, 0, SEEK_SET);
  LineReader reader(fd, kLineLimit);
  std::vector<ReadLine> lines;
  ReadLine line;
  while (reader.next(line.text, line.truncated)) {
    if (line.text.size() > kLineLimit) fail("a line longer than the limit came through", std::to_string(line.text.size()));
    lines.push_back(line);
  }
  ::close(fd);
  return lines;
}

// Over-long lines cut down as the stdin loop does ("[" for a batch, "{" otherwise: still
// answered where the dialect owes a reply).
std::vector<std::string> read_lines(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> lines;
  for (ReadLine& line : read_raw_lines(data, size)) {
    if (line.truncated) {
      const auto first = line.text.find_first_not_of(" \t\r");
      line.text = first != std::string::npos && line.text[first] == '[' ? "[" : "{";
    }
    lines.push_back(std::move(line.text));
  }
  return lines;
}

Action action_of(const Event& event) { return Action::from_event(event); }

// As strict as a host: same_action, plus the tsumogiri flag, the target and the winning tile.
bool matches(const Action& reply, const Action& legal) {
  if (!same_action(reply, legal)) return false;
  switch (reply.type) {
    case EventType::dahai: return reply.tsumogiri == legal.tsumogiri;
    case EventType::chi:
    case EventType::pon:
    case EventType::daiminkan: return reply.target == legal.target;
    case EventType::hora: return reply.target == legal.target && reply.pai == legal.pai;
    default: return true;
  }
}

// One reply line: JSON, an event, and legal when the table is at a decision. A `none` is judged
// only when `fresh` (the reply is about the event just applied): after a line that did not parse,
// an unknown event or one marked can_act:false the table still shows the previous decision.
void check_reply(const MjaiBot& bot, const std::string& reply, bool fresh) {
  if (reply.find('\n') != std::string::npos) fail("a reply spans lines", reply);
  const json parsed = json::parse(reply, nullptr, false);
  if (parsed.is_discarded()) fail("a reply is not JSON", reply);
  Event event;
  try {
    event = parse_event(parsed).event;
  } catch (const std::exception& error) {
    fail("a reply does not parse as an event", reply + " (" + error.what() + ")");
  }
  if (event.type == EventType::join) return;
  const Table& table = bot.table();
  if (table.decision() == Decision::none) return;  // nothing owed, or out of sync after bad input
  const std::vector<Action> legal = table.legal_actions();
  if (event.type == EventType::none) {
    if (!fresh) return;
    const bool may_pass = legal.empty() || std::any_of(legal.begin(), legal.end(), [](const Action& a) {
                            return a.type == EventType::none;
                          });
    if (!may_pass) fail("none where an action is owed", reply);
    return;
  }
  if (event.actor != table.seat()) fail("a reply for another seat", reply);
  const Action action = action_of(event);
  if (std::none_of(legal.begin(), legal.end(), [&](const Action& a) { return matches(action, a); })) {
    fail("an illegal reply", reply);
  }
}

// Stdin style: an event line owes at most one reply, an array line exactly one.
void feed_lines(const std::vector<std::string>& lines) {
  MjaiBot bot = make_bot(false);
  for (const std::string& line : lines) {
    const std::vector<std::string> replies = bot.on_line(line);
    const auto first = line.find_first_not_of(" \t\r\n");
    const bool batch = first != std::string::npos && line[first] == '[';
    if (replies.size() > 1 || (batch && replies.size() != 1)) fail("wrong number of replies", line);
    for (const std::string& reply : replies) check_reply(bot, reply, !batch);
  }
}

// Batch style: runs of event lines regrouped into arrays; other lines pass as they are.
void feed_batches(const std::vector<std::string>& lines) {
  MjaiBot bot = make_bot(false);
  std::vector<std::string> group;
  const auto flush = [&] {
    if (group.empty()) return;
    std::string batch = "[";
    for (std::size_t i = 0; i < group.size(); ++i) batch += (i > 0 ? "," : "") + group[i];
    batch += "]";
    group.clear();
    const std::vector<std::string> replies = bot.on_line(batch);
    if (replies.size() != 1) fail("an array did not get exactly one reply", batch);
    check_reply(bot, replies.front(), false);
  };
  for (const std::string& line : lines) {
    const auto first = line.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && line[first] == '{') {
      group.push_back(line);
      if (group.size() == kBatchSize) flush();
      continue;
    }
    flush();
    for (const std::string& reply : bot.on_line(line)) check_reply(bot, reply, false);
  }
  flush();
}

// Session messages and unknown types leave the table, and any decision pending on it, untouched.
bool carries_nothing(EventType type) {
  return type == EventType::hello || type == EventType::join || type == EventType::none ||
         type == EventType::unknown;
}

// TCP style, through the client's own session: every line but a blank one gets exactly one reply
// (a bad or over-long line `none`), until the server's error ends the session.
void feed_session(const std::vector<ReadLine>& lines) {
  MjaiBot bot = make_bot(true);
  TcpSession session(bot);
  for (const ReadLine& line : lines) {
    const std::optional<std::string> reply = session.answer(line.text, line.truncated);
    if (session.ended_by_error()) {
      if (reply) fail("a reply after the server's error", *reply);
      return;
    }
    const bool blank = !line.truncated && line.text.find_first_not_of(" \t\r") == std::string::npos;
    if (blank) {
      if (reply) fail("a reply to a blank line", *reply);
      continue;
    }
    if (!reply) fail("a line with no reply", line.text.substr(0, 200));
    bool fresh = false;
    if (!line.truncated) {
      try {
        const Event event = parse_event(parse_json_line(line.text)).event;
        fresh = event.can_act && !carries_nothing(event.type);
      } catch (const std::exception&) {
        // answered none without asking the bot: nothing fresh to judge
      }
    }
    check_reply(bot, *reply, fresh);
  }
}

}  // namespace

void check_mjai_input(std::span<const std::uint8_t> bytes) {
  const std::vector<std::string> lines = read_lines(bytes.data(), bytes.size());
  feed_lines(lines);
  feed_batches(lines);
}

void check_tcp_input(std::span<const std::uint8_t> bytes) { feed_session(read_raw_lines(bytes.data(), bytes.size())); }

}  // namespace tenbin::fuzz


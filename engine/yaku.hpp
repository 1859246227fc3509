// Yaku: the name of every yaku of the standard Japanese rules, and the judgement of which ones a
// read hand holds. Each yaku is one small rule (after "ピグ麻雀のアルゴリズム",
// https://ameblo.jp/principia-ca/entry-11581751786.html: one facade, one rule per yaku, every
// reading judged and the best kept).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "engine/agari.hpp"
#include "engine/rules.hpp"
#include "engine/tile.hpp"

namespace tenbin {

enum class Yaku : std::uint8_t {
  riichi, double_riichi, ippatsu, menzen_tsumo, pinfu, tanyao, iipeikou, haku, hatsu, chun,
  bakaze, jikaze, haitei, houtei, rinshan, chankan, chiitoitsu, sanshoku, sanshoku_doukou, ittsu,
  chanta, junchan, toitoi, sanankou, sankantsu, shousangen, honroutou, honitsu, ryanpeikou,
  chinitsu, kokushi, kokushi_13, suuankou, suuankou_tanki, daisangen, shousuushii, daisuushii,
  tsuuiisou, ryuuiisou, chinroutou, chuuren, junsei_chuuren, suukantsu, tenhou, chiihou, dora,
  aka_dora, ura_dora,
};

std::string_view yaku_name(Yaku yaku);

// One entry of a hand's yaku list: han for ordinary yaku and dora, a yakuman multiple otherwise.
struct YakuEntry {
  Yaku yaku;
  std::int8_t han = 0;
  std::int8_t yakuman = 0;
};

// A fixed-capacity list, so judging a hand allocates nothing.
class YakuList {
 public:
  void add_han(Yaku yaku, int han) { push({yaku, static_cast<std::int8_t>(han), 0}); }
  void add_yakuman(Yaku yaku, int multiple) {
    push({yaku, 0, static_cast<std::int8_t>(multiple)});
  }
  void clear() { size_ = 0; }
  std::span<const YakuEntry> entries() const { return {entries_.data(), size_}; }
  bool empty() const { return size_ == 0; }
  bool contains(Yaku yaku) const;
  int han() const;      // sum over han entries
  int yakuman() const;  // sum over yakuman entries

 private:
  void push(YakuEntry entry) {
    if (size_ < entries_.size()) entries_[size_++] = entry;
  }
  std::array<YakuEntry, 24> entries_{};
  std::size_t size_ = 0;
};

// How the winning tile completed the hand.
enum class Wait : std::uint8_t { ryanmen, kanchan, penchan, tanki, shanpon, thirteen_sided };

enum class HandForm : std::uint8_t { regular, seven_pairs, thirteen_orphans };

// A set of a read hand: a concealed set from the decomposition or a meld.
struct ReadSet {
  SetShape shape = SetShape::run;
  std::uint8_t kind = 0;  // lowest kind
  bool kan = false;
  bool open = false;      // called, or a triplet completed by ron (counts as open)
  bool called = false;    // a meld other than an ankan
};

// The situation of the win, apart from the tiles.
struct WinContext {
  int round_wind = kinds::east;  // kind
  int seat_wind = kinds::east;   // kind
  int dealer = 0;                // seats, absolute 0-3
  int winner = 0;
  int discarder = 0;             // the winner for a tsumo
  bool tsumo = false;
  bool riichi = false;
  bool double_riichi = false;
  bool ippatsu = false;
  bool haitei = false;
  bool houtei = false;
  bool rinshan = false;
  bool chankan = false;
  bool tenhou = false;
  bool chiihou = false;
  int honba = 0;
  int riichi_sticks = 0;         // sticks on the table that the winner collects
  int dora = 0;                  // dora the hand holds by the indicators (red fives and ura
  int aka_dora = 0;              // dora are counted apart: each adds its own han)
  int ura_dora = 0;

  bool dealer_wins() const { return winner == dealer; }
  bool any_riichi() const { return riichi || double_riichi; }
};

// One reading of a complete hand with the winning tile placed in it.
struct HandReading {
  HandForm form = HandForm::regular;
  std::array<ReadSet, 4> sets{};  // regular form only
  int pair = -1;                  // regular form only
  Wait wait = Wait::tanki;
  bool closed = true;             // no calls (an ankan keeps the hand closed)
  int win_kind = 0;
  TileCounts all{};               // every tile, melds included, a kan as four
  TileCounts before_win{};        // the concealed tiles before the winning tile
};

// The yakuman of the reading (if any, only those), else its ordinary yaku with dora.
void judge_yaku(const HandReading& hand, const WinContext& context, const Rules& rules,
                YakuList& out);

}  // namespace tenbin

// Every rule choice in one place. The defaults are the Tenhou rule set (docs/rules.md lists each
// choice and its alternatives).
#pragma once

#include <array>

namespace tenbin {

struct Rules {
  // Hand scoring.
  bool red_fives = true;            // one red five per suit, each worth a dora (aka dora)
  bool open_tanyao = true;          // kuitan: all-simples counts with calls
  bool kiriage_mangan = false;      // round 4 han 30 fu and 3 han 60 fu up to mangan
  int double_wind_pair_fu = 4;      // a pair of the seat wind that is also the round wind
  bool kazoe_yakuman = true;        // 13 han or more (with dora) is a yakuman; else sanbaiman
  bool stack_yakuman = true;        // different yakuman add up (daisangen + tsuuiisou = 2x)
  bool double_kokushi_13 = false;   // thirteen-sided kokushi as a double yakuman
  bool double_suuankou_tanki = false;
  bool double_junsei_chuuren = false;
  bool double_daisuushii = false;
  bool pao = true;                  // responsibility for daisangen and daisuushii

  // Payments.
  int honba_ron = 300;              // per honba, paid by the discarder
  int honba_tsumo = 100;            // per honba, paid by each payer
  int riichi_stick = 1000;

  // The match (used by the referee).
  int starting_points = 25000;
  int target_points = 30000;        // to end the game in the last hand or the extension round
  int return_points = 30000;        // final points: (score - return) / 1000 + uma (+ oka to 1st)
  std::array<int, 4> uma = {20, 10, -10, -20};  // Tenhou's uma by rank; oka = 4 x (return - start)
};

}  // namespace tenbin

// majiang-core's rule options set to the arena's rules (docs/rules.md, engine/rules.hpp: Tenhou's).
// Each option is majiang-core's own name (lib/rule.js); the comment says which arena rule it is.
"use strict";

const Majiang = require('@kobalab/majiang-core');

function arenaRule({ tonpuu = false } = {}) {
    return Majiang.rule({
        '配給原点': 25000,                      // starting_points
        '順位点': ['20.0', '10.0', '-10.0', '-20.0'],  // uma 20 10 -10 -20
        '連風牌は2符': false,                   // double_wind_pair_fu = 4
        '赤牌': { m: 1, p: 1, s: 1 },           // red_fives: one per suit
        'クイタンあり': true,                   // open_tanyao
        '喰い替え許可レベル': 0,                // no swap calls (kuikae) after chi or pon
        '場数': tonpuu ? 1 : 2,                 // hanchan (east and south) or tonpuusen
        '途中流局あり': true,                   // abortive draws: nine terminals, four winds,
                                                //   four riichi, four kans, triple ron
        '流し満貫あり': true,                   // nagashi mangan at an exhaustive draw
        'ノーテン宣言あり': false,              // every tenpai hand is shown at an exhaustive draw
        'ノーテン罰あり': true,                 // 3000 from the noten seats to the tenpai ones
        '最大同時和了数': 2,                    // double ron stands, triple ron is abortive
        '連荘方式': 2,                          // the dealer keeps the deal on a win or tenpai
        'トビ終了あり': true,                   // a seat below zero ends the match; riichi
                                                //   needs the 1000 points of the stick
        'オーラス止めあり': true,               // agari-yame: the dealer first in the last hand
        '延長戦方式': 1,                        // extension round until a seat has the target
        '一発あり': true,
        '裏ドラあり': true,
        'カンドラあり': true,
        'カン裏あり': true,
        'カンドラ後乗せ': true,                 // an open kan's dora shows after the rinshan draw
        'ツモ番なしリーチあり': false,          // riichi needs four tiles left in the live wall
        'リーチ後暗槓許可レベル': 2,            // in riichi only an ankan that keeps the waits
        '役満の複合あり': true,                 // stack_yakuman
        'ダブル役満あり': false,                // double_kokushi_13, double_suuankou_tanki, ... false
        '数え役満あり': true,                   // kazoe_yakuman
        '役満パオあり': true,                   // pao for daisangen and daisuushii
        '切り上げ満貫あり': false,              // kiriage_mangan
    });
}

module.exports = { arenaRule };

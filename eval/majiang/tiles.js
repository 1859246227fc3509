// Tiles and melds between mjai's notation and majiang-core's.
//
// mjai: "1m".."9m", "1p".."9p", "1s".."9s", "E S W N P F C", red fives "5mr 5pr 5sr", "?" unseen.
// majiang-core: suit letter then digit, "m1".."m9", honours "z1".."z7" (E S W N, white, green,
// red dragon), a red five is the digit 0 ("m0"), an unseen tile "_". A meld (mianzi) is the suit
// letter and its digits; the called tile's digit is followed by where it came from, relative to
// the caller: "+" the next seat, "=" the seat opposite, "-" the previous seat (majiang-core's
// Shoupai.valid_mianzi gives each meld one normal form).
"use strict";

const Majiang = require('@kobalab/majiang-core');

const HONOURS = ['E', 'S', 'W', 'N', 'P', 'F', 'C'];

// "5mr" -> "m0", "E" -> "z1", "?" -> "_".
function toPai(tile) {
    if (tile === '?') return '_';
    const honour = HONOURS.indexOf(tile);
    if (honour >= 0) return 'z' + (honour + 1);
    const match = /^([1-9])([mps])(r?)$/.exec(tile);
    if (!match || (match[3] && match[1] !== '5')) throw new Error(`not an mjai tile: ${tile}`);
    return match[2] + (match[3] ? '0' : match[1]);
}

// "m0" -> "5mr", "z1" -> "E"; markers after the digit ("_", "*", "+=-") are ignored.
function toTile(pai) {
    const match = /^([mpsz])([0-9])/.exec(pai);
    if (!match) throw new Error(`not a majiang tile: ${pai}`);
    const [, suit, digit] = match;
    if (suit === 'z') {
        if (digit < '1' || digit > '7') throw new Error(`not a majiang tile: ${pai}`);
        return HONOURS[+digit - 1];
    }
    return digit === '0' ? `5${suit}r` : `${digit}${suit}`;
}

// The kind of a tile in majiang notation, red fives as plain fives: "m0" -> "m5".
function kindOf(pai) {
    return pai[0] + (+pai[1] || 5);
}

// A hand in majiang-core's string form ("m123p406z11"), from mjai tiles.
function handString(tiles) {
    const bySuit = { m: [], p: [], s: [], z: [] };
    for (const tile of tiles) {
        const pai = toPai(tile);
        if (pai === '_') continue;
        bySuit[pai[0]].push(pai[1]);
    }
    return ['m', 'p', 's', 'z']
        .filter(suit => bySuit[suit].length)
        .map(suit => suit + bySuit[suit].sort().join(''))
        .join('');
}

// Where the called tile came from, seen by the caller (absolute seats 0-3).
function direction(actor, target) {
    return ['', '+', '=', '-'][(target - actor + 4) % 4];
}

function normalMianzi(m) {
    const normal = Majiang.Shoupai.valid_mianzi(m);
    if (!normal) throw new Error(`not a meld: ${m}`);
    return normal;
}

// An mjai chi, pon or daiminkan as a majiang meld: the tiles from hand, then the called tile and
// its direction (valid_mianzi puts a chi's digits in order).
function calledMianzi(event) {
    const pai = toPai(event.pai);
    const suit = pai[0];
    const consumed = event.consumed.map(toPai);
    if (consumed.some(p => p[0] !== suit)) throw new Error(`meld of mixed suits: ${JSON.stringify(event)}`);
    const own = consumed.map(p => p[1]);
    const called = pai[1] + direction(event.actor, event.target);
    if (event.type === 'chi') {
        return normalMianzi(suit + own.join('') + called);
    }
    // Pon and daiminkan: the tiles from hand red five last ("550"), as valid_mianzi writes them.
    own.sort((a, b) => (b === '0' ? 5 : +b) - (a === '0' ? 5 : +a) || (a === '0') - (b === '0'));
    return normalMianzi(suit + own.join('') + called);
}

// An mjai ankan as a majiang meld ("m5550").
function ankanMianzi(event) {
    const consumed = event.consumed.map(toPai);
    return normalMianzi(consumed[0][0] + consumed.map(p => p[1]).join(''));
}

// The tiles of a majiang meld that came from the caller's hand (not the called tile).
function ownTiles(m) {
    const suit = m[0];
    return (m.match(/\d(?![\+\=\-])/g) || []).map(digit => toTile(suit + digit));
}

// The called tile of a majiang meld ("m34-0" -> "4m"), or null for an ankan.
function calledTile(m) {
    const digit = m.match(/\d(?=[\+\=\-])/);
    return digit ? toTile(m[0] + digit[0]) : null;
}

module.exports = {
    toPai, toTile, kindOf, handString, direction, calledMianzi, ankanMianzi, ownTiles, calledTile,
};

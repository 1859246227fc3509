// One arena seat played by majiang-ai: mjai events in, majiang-core messages to the AI's Player,
// its answers back as mjai actions.
//
// The seat replies exactly when the arena asks it (the one-event-per-line dialect gives no
// "can_act"): on its own draw, after its own chi, pon or riichi declaration, and on another
// seat's discard or kakan when it could win or call there (majiang-core's own legality checks,
// which the rule options of arena-rule.js make agree with the arena's table). Every answer is
// checked against those rules first; one that does not fit is replaced by a safe legal action
// (the drawn tile, a discard that is not a swap-call, or none), and stderr says so.
"use strict";

const Majiang = require('@kobalab/majiang-core');
const AI = require('@kobalab/majiang-ai');
const tiles = require('./tiles');

const ROUND_WINDS = { E: 0, S: 1, W: 2, N: 3 };

class MajiangSeat {
    constructor({ rule, seat = null, log = message => process.stderr.write(message + '\n') }) {
        this.rule = rule;
        this.seat = seat;
        this.log = log;
        this.player = null;
        this.broken = false;      // the AI's table went wrong this hand: play safe defaults
        this.hand = [];           // our own tiles in mjai notation, for the safe defaults
        this.dealer = 0;
        this.afterKan = false;    // the next draw is a rinshan draw
        this.declaring = [false, false, false, false];  // reach sent, its discard not yet
        this.riichiDiscard = null;  // our chosen riichi discard, sent after the reach echo
        this.lastDraw = null;
    }

    // One event; returns the reply (an mjai action object) when the seat is asked, else null.
    handle(event) {
        const type = event.type;
        if (type === 'start_game') return this.startGame(event);
        if (type === 'start_kyoku') return this.startHand(event);
        if (this.player === null) return null;
        switch (type) {
            case 'tsumo': return this.onDraw(event);
            case 'dahai': return this.onDiscard(event);
            case 'chi': case 'pon': case 'daiminkan': return this.onCall(event);
            case 'ankan': case 'kakan': return this.onKan(event);
            case 'dora': this.feed({ kaigang: { baopai: tiles.toPai(event.dora_marker) } }); return null;
            case 'reach': return this.onReach(event);
            default: return null;  // reach_accepted, hora, ryukyoku, end_kyoku, end_game
        }
    }

    // The majiang seat number (0 = the dealer of this hand) of an absolute seat.
    l(seat) { return (seat - this.dealer + 4) % 4; }

    // Sends one message to the Player; with `ask`, returns its answer (undefined: it passes).
    // A message the Player's table cannot take marks the hand broken.
    feed(message, ask = false) {
        if (this.broken) return undefined;
        let answer;
        try {
            this.player.action(message, ask ? reply => { answer = reply; } : undefined);
        } catch (error) {
            this.broken = true;
            this.log(`majiang seat: the AI could not take ${JSON.stringify(message)} (${error.message}); safe defaults for the rest of the hand`);
        }
        return answer;
    }

    startGame(event) {
        if (Number.isInteger(event.id)) this.seat = event.id;
        if (this.seat === null) {
            this.log('majiang seat: start_game without "id" and no --seat; taking seat 0');
            this.seat = 0;
        }
        this.player = new AI();
        this.broken = false;
        this.feed({ kaiju: { id: this.seat, rule: this.rule, title: '', player: ['', '', '', ''], qijia: 0 } });
        return null;
    }

    startHand(event) {
        if (this.player === null) this.startGame({});
        this.broken = false;
        this.dealer = event.oya;
        this.hand = [...event.tehais[this.seat]];
        this.afterKan = false;
        this.declaring = [false, false, false, false];
        this.riichiDiscard = null;
        const shoupai = [0, 1, 2, 3].map(l => {
            const seat = (this.dealer + l) % 4;
            return seat === this.seat ? tiles.handString(event.tehais[seat]) : '';
        });
        this.feed({ qipai: {
            zhuangfeng: ROUND_WINDS[event.bakaze],
            jushu: this.dealer,  // with qijia 0, the Player's own wind is (seat - dealer) mod 4
            changbang: event.honba,
            lizhibang: event.kyotaku,
            defen: [0, 1, 2, 3].map(l => event.scores[(this.dealer + l) % 4]),
            baopai: tiles.toPai(event.dora_marker),
            shoupai,
        } });
        return null;
    }

    onDraw(event) {
        const own = event.actor === this.seat;
        const draw = { l: this.l(event.actor), p: own ? tiles.toPai(event.pai) : '' };
        const message = this.afterKan ? { gangzimo: draw } : { zimo: draw };
        const rinshan = this.afterKan;
        this.afterKan = false;
        if (!own) { this.feed(message); return null; }
        this.hand.push(event.pai);
        this.lastDraw = event.pai;
        const answer = this.feed(message, true);
        return this.drawReply(answer, rinshan);
    }

    onDiscard(event) {
        const own = event.actor === this.seat;
        const riichi = this.declaring[event.actor];
        this.declaring[event.actor] = false;
        const pai = tiles.toPai(event.pai) + (event.tsumogiri ? '_' : '') + (riichi ? '*' : '');
        const message = { dapai: { l: this.l(event.actor), p: pai } };
        if (own) {
            this.removeFromHand([event.pai]);
            this.feed(message);
            return null;
        }
        const claim = tiles.toPai(event.pai) + tiles.direction(this.seat, event.actor);
        const options = this.discardOptions(claim);
        if (options === null) { this.feed(message); return null; }
        const answer = this.feed(message, true);
        return this.claimReply(answer, options, event);
    }

    onCall(event) {
        const own = event.actor === this.seat;
        if (event.type === 'daiminkan') this.afterKan = true;
        let m;
        try {
            m = tiles.calledMianzi(event);
        } catch (error) {
            this.markBroken(`cannot read the call ${JSON.stringify(event)} (${error.message})`);
        }
        if (own) this.removeFromHand(event.consumed);
        if (m === undefined) return own && event.type !== 'daiminkan' ? this.safeDiscardAfterCall(event) : null;
        const message = { fulou: { l: this.l(event.actor), m } };
        if (!own || event.type === 'daiminkan') { this.feed(message); return null; }
        const answer = this.feed(message, true);
        return this.discardAfterCallReply(answer, event);
    }

    onKan(event) {
        const own = event.actor === this.seat;
        this.afterKan = true;
        let m;
        try {
            m = event.type === 'ankan' ? tiles.ankanMianzi(event) : this.kakanMianzi(event);
        } catch (error) {
            this.markBroken(`cannot read the kan ${JSON.stringify(event)} (${error.message})`);
            return null;
        }
        const message = { gang: { l: this.l(event.actor), m } };
        if (own) {
            this.removeFromHand(event.type === 'ankan' ? event.consumed : [event.pai]);
            this.feed(message);
            return null;
        }
        const claim = tiles.toPai(event.pai || event.consumed[0]) + tiles.direction(this.seat, event.actor);
        if (event.type === 'ankan') {
            // Only thirteen orphans may rob an ankan; majiang-ai never does, so the seat wins here.
            const canRob = this.canRobAnkan(claim);
            this.feed(message);
            return canRob ? { type: 'hora', actor: this.seat, target: event.actor, pai: event.consumed[0] } : null;
        }
        if (!this.canWin(claim, true)) { this.feed(message); return null; }
        const answer = this.feed(message, true);
        if (answer && answer.hule) return { type: 'hora', actor: this.seat, target: event.actor, pai: event.pai };
        return { type: 'none' };
    }

    onReach(event) {
        this.declaring[event.actor] = true;
        if (event.actor !== this.seat) return null;
        const chosen = this.riichiDiscard;
        this.riichiDiscard = null;
        if (chosen && this.riichiAllowed(chosen)) return this.dahai(tiles.toTile(chosen), chosen.includes('_'));
        const allowed = this.riichiAllowed();
        if (allowed && allowed.length) {
            this.log(`majiang seat: no riichi discard remembered; discarding ${allowed[0]}`);
            return this.dahai(tiles.toTile(allowed[0]), allowed[0].includes('_'));
        }
        this.log('majiang seat: no discard keeps the riichi hand tenpai by our table; discarding the drawn tile');
        return this.dahai(this.lastDraw, true);
    }

    // --- Replies ------------------------------------------------------------------------------

    dahai(pai, tsumogiri) { return { type: 'dahai', actor: this.seat, pai, tsumogiri }; }

    tsumogiri(why) {
        this.log(`majiang seat: ${why}; discarding the drawn tile ${this.lastDraw}`);
        return this.dahai(this.lastDraw, true);
    }

    // The AI's answer on its own draw: a win, the nine-terminals abort, a kan or a discard.
    drawReply(answer, rinshan) {
        if (this.broken) return this.tsumogiri('the hand is broken');
        if (!answer) return this.tsumogiri('the AI gave no answer on its draw');
        const shoupai = this.player.shoupai;
        if (answer.hule) {
            if (this.player.allow_hule(shoupai, null, rinshan)) {
                return { type: 'hora', actor: this.seat, target: this.seat, pai: this.lastDraw };
            }
            return this.tsumogiri('the AI declared a tsumo win that is not one');
        }
        if (answer.daopai) {
            if (this.player.allow_pingju(shoupai)) return { type: 'ryukyoku', actor: this.seat, reason: 'kyushukyuhai' };
            return this.tsumogiri('the AI declared nine terminals without them');
        }
        if (answer.gang) return this.kanReply(answer.gang);
        if (answer.dapai) return this.discardReply(answer.dapai);
        return this.tsumogiri(`the AI answered ${JSON.stringify(answer)}`);
    }

    kanReply(m) {
        const shoupai = this.player.shoupai;
        const offered = this.player.get_gang_mianzi(shoupai) || [];
        if (!offered.includes(m)) return this.tsumogiri(`the kan ${m} is not allowed`);
        if (shoupai.lizhi && !this.keepsWaits(m)) return this.tsumogiri(`the kan ${m} in riichi changes the waits`);
        if (/^[mpsz]\d{4}$/.test(m)) return { type: 'ankan', actor: this.seat, consumed: tiles.ownTiles(m) };
        const pon = m.slice(0, -1);
        return {
            type: 'kakan', actor: this.seat, pai: tiles.toTile(m[0] + m.slice(-1)),
            consumed: [...tiles.ownTiles(pon), tiles.calledTile(pon)],
        };
    }

    // In riichi the arena allows an ankan only when the waits stay exactly the same.
    keepsWaits(m) {
        const shoupai = this.player.shoupai;
        const before = Majiang.Util.tingpai(shoupai.clone().dapai(shoupai._zimo)) || [];
        const after = shoupai.clone().gang(m);
        if (Majiang.Util.xiangting(after) !== 0) return false;
        const waits = Majiang.Util.tingpai(after) || [];
        return waits.length === before.length && waits.every(p => before.includes(p));
    }

    discardReply(p) {
        const shoupai = this.player.shoupai;
        const riichi = p.endsWith('*');
        const discard = p.replace('*', '');
        const offered = this.player.get_dapai(shoupai) || [];
        if (!offered.includes(discard)) return this.tsumogiri(`the discard ${p} is not allowed`);
        const tsumogiri = discard.endsWith('_');
        if (!riichi) return this.dahai(tiles.toTile(discard), tsumogiri);
        if (!this.riichiAllowed(discard)) return this.tsumogiri(`riichi with ${p} is not allowed`);
        this.riichiDiscard = discard;
        return { type: 'reach', actor: this.seat };
    }

    // With a discard: whether riichi on it is allowed; without: the discards riichi allows.
    riichiAllowed(discard) {
        if (this.broken) return false;
        return this.player.allow_lizhi(this.player.shoupai, discard);
    }

    discardAfterCallReply(answer, event) {
        if (this.broken || !answer || !answer.dapai) return this.safeDiscardAfterCall(event, 'the AI gave no discard after its call');
        const offered = this.player.get_dapai(this.player.shoupai) || [];
        if (!offered.includes(answer.dapai)) return this.safeDiscardAfterCall(event, `the discard ${answer.dapai} is not allowed`);
        return this.dahai(tiles.toTile(answer.dapai), false);
    }

    // A discard after our chi or pon that is not a swap-call: not the called kind, and after a chi
    // on a run's end tile not the other end of the run.
    safeDiscardAfterCall(event, why = 'the hand is broken') {
        const kind = tile => tiles.kindOf(tiles.toPai(tile));
        const called = kind(event.pai);
        const forbidden = new Set([called]);
        if (event.type === 'chi') {
            const numbers = event.consumed.map(tile => +kind(tile)[1]);
            const n = +called[1];
            const suit = called[0];
            if (numbers.every(x => x > n) && n + 3 <= 9) forbidden.add(suit + (n + 3));
            if (numbers.every(x => x < n) && n - 3 >= 1) forbidden.add(suit + (n - 3));
        }
        const tile = this.hand.find(t => !forbidden.has(kind(t))) || this.hand[0];
        this.log(`majiang seat: ${why}; discarding ${tile}`);
        return this.dahai(tile, false);
    }

    // What the seat may do on another's discard (majiang `claim` with its direction): null when
    // nothing (the arena does not ask), else the calls it may make.
    discardOptions(claim) {
        if (this.broken) return null;
        const shoupai = this.player.shoupai;
        const win = this.canWin(claim, false);
        let calls = [];
        if (!shoupai.lizhi) {
            calls = [
                ...(this.player.get_gang_mianzi(shoupai, claim) || []),
                ...(this.player.get_peng_mianzi(shoupai, claim) || []),
                ...(this.player.get_chi_mianzi(shoupai, claim) || []),
            ];
        }
        return win || calls.length ? { win, calls } : null;
    }

    canWin(claim, chankan) {
        if (this.broken) return false;
        return Boolean(this.player.allow_hule(this.player.shoupai, claim, chankan || undefined));
    }

    canRobAnkan(claim) {
        if (this.broken) return false;
        const shoupai = this.player.shoupai;
        if (Majiang.Util.xiangting_guoshi(shoupai) !== 0 || !this.player._neng_rong) return false;
        const waits = Majiang.Util.tingpai(shoupai, Majiang.Util.xiangting_guoshi) || [];
        return waits.includes(tiles.kindOf(claim));
    }

    claimReply(answer, options, event) {
        if (this.broken) return { type: 'none' };
        if (answer && answer.hule) {
            if (options.win) return { type: 'hora', actor: this.seat, target: event.actor, pai: event.pai };
            this.log(`majiang seat: the AI declared ron on ${event.pai} without a win; passing`);
            return { type: 'none' };
        }
        if (answer && answer.fulou) {
            const m = answer.fulou;
            if (!options.calls.includes(m)) {
                this.log(`majiang seat: the call ${m} on ${event.pai} is not allowed; passing`);
                return { type: 'none' };
            }
            const own = tiles.ownTiles(m);
            const type = own.length === 3 ? 'daiminkan'
                : own.every(t => tiles.kindOf(tiles.toPai(t)) === tiles.kindOf(tiles.toPai(event.pai))) ? 'pon' : 'chi';
            return { type, actor: this.seat, target: event.actor, pai: event.pai, consumed: own };
        }
        return { type: 'none' };
    }

    // --- Bookkeeping --------------------------------------------------------------------------

    kakanMianzi(event) {
        const fulou = this.player.model.shoupai[this.l(event.actor)]._fulou;
        const kind = tiles.kindOf(tiles.toPai(event.pai));
        const pon = fulou.find(m => /^[mpsz]\d{3}[\+\=\-]$/.test(m) && tiles.kindOf(m[0] + m[1]) === kind);
        if (!pon) throw new Error(`no pon of ${event.pai}`);
        return pon + tiles.toPai(event.pai)[1];
    }

    removeFromHand(removed) {
        for (const tile of removed) {
            const at = this.hand.indexOf(tile);
            if (at >= 0) this.hand.splice(at, 1);
        }
    }

    markBroken(why) {
        if (!this.broken) this.log(`majiang seat: ${why}; safe defaults for the rest of the hand`);
        this.broken = true;
    }
}

module.exports = { MajiangSeat };

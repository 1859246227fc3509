#!/usr/bin/env node
// Tests of the majiang-ai seat: tile and meld notation, when it replies, riichi, calls, and its
// fallbacks to a legal action. Run: node eval/majiang/test.js FIXTURES_DIR
"use strict";

const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const tiles = require('./tiles');
const { arenaRule } = require('./arena-rule');
const { MajiangSeat } = require('./seat');

const fixtures = process.argv[2] || path.join(__dirname, '../../tests/fixtures');
const tests = [];
const test = (name, body) => tests.push({ name, body });

function readStream(name) {
    return fs.readFileSync(path.join(fixtures, 'streams', name), 'utf8')
        .split('\n').filter(line => line.trim()).map(line => JSON.parse(line));
}

// A seat whose stderr lines are kept.
function newSeat(seat = null) {
    const logged = [];
    const majiang = new MajiangSeat({ rule: arenaRule(), seat, log: line => logged.push(line) });
    return { majiang, logged };
}

// The events of one hand from seat 0's side: a start with the given hand, then `events`.
function hand(tehai, events, scores = [25000, 25000, 25000, 25000]) {
    const hidden = Array(13).fill('?');
    return [
        { type: 'start_game', id: 0, names: ['a', 'b', 'c', 'd'] },
        { type: 'start_kyoku', bakaze: 'E', dora_marker: '9s', kyoku: 1, honba: 0, kyotaku: 0, oya: 0,
          scores, tehais: [tehai, hidden, hidden, hidden] },
        ...events,
    ];
}

test('tiles: mjai and majiang names, red fives and honours', () => {
    assert.strictEqual(tiles.toPai('5mr'), 'm0');
    assert.strictEqual(tiles.toPai('5s'), 's5');
    assert.strictEqual(tiles.toPai('E'), 'z1');
    assert.strictEqual(tiles.toPai('P'), 'z5');
    assert.strictEqual(tiles.toPai('C'), 'z7');
    assert.strictEqual(tiles.toPai('?'), '_');
    assert.throws(() => tiles.toPai('4mr'));
    for (const tile of ['1m', '5mr', '5pr', '5sr', '9s', 'E', 'S', 'W', 'N', 'P', 'F', 'C']) {
        assert.strictEqual(tiles.toTile(tiles.toPai(tile)), tile);
    }
    assert.strictEqual(tiles.toTile('p0_*'), '5pr');
    assert.strictEqual(tiles.handString(['3m', '1m', '5pr', 'E', 'E', '9s']), 'm13p0s9z11');
});

test('tiles: calls as majiang melds and back', () => {
    // chi of 4m by seat 1 from seat 0 with 3m and the red 5m
    const chi = { type: 'chi', actor: 1, target: 0, pai: '4m', consumed: ['3m', '5mr'] };
    assert.strictEqual(tiles.calledMianzi(chi), 'm34-0');
    assert.deepStrictEqual(tiles.ownTiles('m34-0'), ['3m', '5mr']);
    assert.strictEqual(tiles.calledTile('m34-0'), '4m');
    // pon of 5p from the seat opposite with the red five in hand; of the red five with two plain
    const pon = { type: 'pon', actor: 0, target: 2, pai: '5p', consumed: ['5pr', '5p'] };
    assert.strictEqual(tiles.calledMianzi(pon), 'p505=');
    const ponRed = { type: 'pon', actor: 3, target: 0, pai: '5pr', consumed: ['5p', '5p'] };
    assert.strictEqual(tiles.calledMianzi(ponRed), 'p550+');
    const kan = { type: 'daiminkan', actor: 2, target: 1, pai: 'S', consumed: ['S', 'S', 'S'] };
    assert.strictEqual(tiles.calledMianzi(kan), 'z2222-');
    assert.strictEqual(tiles.ankanMianzi({ type: 'ankan', actor: 0, consumed: ['5sr', '5s', '5s', '5s'] }), 's5550');
});

test('replies exactly at the seat\'s decisions of the worked example', () => {
    const { majiang } = newSeat();
    const replies = [];
    readStream('worked_example.jsonl').forEach((event, line) => {
        const reply = majiang.handle(event);
        if (reply) replies.push([line + 1, reply]);
    });
    // the first draw, the East it may pon, its pon, the 6s it may chi, its chi, the 2s it wins on
    assert.deepStrictEqual(replies.map(([line]) => line), [3, 10, 11, 20, 21, 26]);
    const [, ron] = replies[replies.length - 1];
    assert.deepStrictEqual(ron, { type: 'hora', actor: 0, target: 2, pai: '2s' });
    for (const [, reply] of replies) assert.strictEqual(reply.actor, 0);
});

test('riichi: reach on the draw, then the chosen discard after its echo', () => {
    const { majiang } = newSeat();
    // 123m 406p 789s EE 23s: drawing 9m, discarding it leaves 1s-4s waiting, closed
    const events = hand(['1m', '2m', '3m', '4p', '5pr', '6p', '7s', '8s', '9s', 'E', 'E', '2s', '3s'],
                        [{ type: 'tsumo', actor: 0, pai: '9m' }]);
    let reply;
    for (const event of events) reply = majiang.handle(event);
    assert.deepStrictEqual(reply, { type: 'reach', actor: 0 });
    assert.deepStrictEqual(majiang.handle({ type: 'reach', actor: 0 }), { type: 'dahai', actor: 0, pai: '9m', tsumogiri: true });
    assert.strictEqual(majiang.handle({ type: 'dahai', actor: 0, pai: '9m', tsumogiri: true }), null);
    // In riichi: another's 1s is a win; a 2s it holds is no call, so no reply
    assert.strictEqual(majiang.handle({ type: 'reach_accepted', actor: 0 }), null);
    assert.strictEqual(majiang.handle({ type: 'tsumo', actor: 1, pai: '?' }), null);
    assert.strictEqual(majiang.handle({ type: 'dahai', actor: 1, pai: 'E', tsumogiri: true }), null);
    assert.strictEqual(majiang.handle({ type: 'tsumo', actor: 2, pai: '?' }), null);
    assert.deepStrictEqual(majiang.handle({ type: 'dahai', actor: 2, pai: '1s', tsumogiri: true }),
                           { type: 'hora', actor: 0, target: 2, pai: '1s' });
});

test('a red five is discarded and called under its own name', () => {
    const { majiang } = newSeat();
    // seat 0 holds 3m 4m and a lone red 5p among honours; 2m from seat 3 may be chied
    const events = hand(['3m', '4m', '5pr', '1p', '9p', '1s', '9s', 'E', 'S', 'W', 'N', 'P', 'F'],
                        [{ type: 'tsumo', actor: 0, pai: 'C' }]);
    let reply;
    for (const event of events) reply = majiang.handle(event);
    assert.ok(['dahai', 'ryukyoku'].includes(reply.type));
    if (reply.type === 'dahai') assert.ok(!reply.pai.startsWith('5p') || reply.pai === '5pr');
});

test('the nine-terminals abort on the first draw', () => {
    const { majiang } = newSeat();
    const events = hand(['1m', '9m', '1p', '9p', '1s', 'E', 'S', 'W', 'N', '2m', '4p', '6s', '8s'],
                        [{ type: 'tsumo', actor: 0, pai: '3p' }]);
    let reply;
    for (const event of events) reply = majiang.handle(event);
    assert.deepStrictEqual(reply, { type: 'ryukyoku', actor: 0, reason: 'kyushukyuhai' });
});

test('an answer the rules do not allow falls back to a legal one and says so', () => {
    const { majiang, logged } = newSeat();
    const events = hand(['1m', '2m', '3m', '4p', '5pr', '6p', '7s', '8s', '9s', 'E', 'E', '2s', '3s'], []);
    for (const event of events) majiang.handle(event);
    // a discard of a tile it does not hold
    majiang.player.action_zimo = function () { this._callback({ dapai: 'z7' }); };
    assert.deepStrictEqual(majiang.handle({ type: 'tsumo', actor: 0, pai: '9m' }), { type: 'dahai', actor: 0, pai: '9m', tsumogiri: true });
    assert.ok(logged.some(line => line.includes('z7') && line.includes('not allowed')), logged.join('\n'));
    majiang.handle({ type: 'dahai', actor: 0, pai: '9m', tsumogiri: true });
    // a pon of E it could make, named as if from another seat
    majiang.player.action_dapai = function (dapai) { if (dapai.l !== this._menfeng) this._callback({ fulou: 'z111=' }); };
    majiang.handle({ type: 'tsumo', actor: 1, pai: '?' });
    assert.deepStrictEqual(majiang.handle({ type: 'dahai', actor: 1, pai: 'E', tsumogiri: false }), { type: 'none' });
    assert.ok(logged.some(line => line.includes('z111=')), logged.join('\n'));
    // a ron on a tile that is no win
    majiang.player.action_dapai = function (dapai) { if (dapai.l !== this._menfeng) this._callback({ hule: '-' }); };
    majiang.handle({ type: 'tsumo', actor: 2, pai: '?' });
    assert.strictEqual(majiang.handle({ type: 'dahai', actor: 2, pai: '9p', tsumogiri: false }), null);  // no decision
    majiang.handle({ type: 'tsumo', actor: 3, pai: '?' });
    // 1s from the left may be chied; as a ron it would have no yaku (the pair of E is no set)
    assert.deepStrictEqual(majiang.handle({ type: 'dahai', actor: 3, pai: '1s', tsumogiri: false }), { type: 'none' });
    assert.ok(logged.some(line => line.includes('ron on 1s')), logged.join('\n'));
});

test('after its own pon a discard that is not the called kind', () => {
    const { majiang, logged } = newSeat();
    const events = hand(['1m', '2m', '3m', '4p', '5pr', '6p', '7s', '8s', '9s', 'E', 'E', '2s', 'C'],
                        [{ type: 'tsumo', actor: 0, pai: 'N' }, { type: 'dahai', actor: 0, pai: 'N', tsumogiri: true },
                         { type: 'tsumo', actor: 1, pai: '?' }]);
    for (const event of events) majiang.handle(event);
    const offer = majiang.handle({ type: 'dahai', actor: 1, pai: 'E', tsumogiri: false });
    assert.ok(offer && ['pon', 'none'].includes(offer.type), JSON.stringify(offer));
    majiang.player.action_fulou = function () { this._callback({ dapai: 'z1' }); };  // the called kind
    const discard = majiang.handle({ type: 'pon', actor: 0, target: 1, pai: 'E', consumed: ['E', 'E'] });
    assert.strictEqual(discard.type, 'dahai');
    assert.notStrictEqual(discard.pai, 'E');
    assert.ok(logged.some(line => line.includes('z1')), logged.join('\n'));
});

test('a kan answer becomes ankan or kakan with mjai consumed lists', () => {
    const { majiang } = newSeat();
    const events = hand(['5m', '5m', '5m', '5mr', '1p', '2p', '3p', '7s', '8s', '9s', 'E', 'E', 'S'], []);
    for (const event of events) majiang.handle(event);
    majiang.player.action_zimo = function () { this._callback({ gang: 'm5550' }); };
    assert.deepStrictEqual(majiang.handle({ type: 'tsumo', actor: 0, pai: 'N' }),
                           { type: 'ankan', actor: 0, consumed: ['5m', '5m', '5m', '5mr'] });
});

test('a kakan on a pon with a red five names the pon\'s three tiles', () => {
    const { majiang } = newSeat();
    const events = hand(['5pr', '5p', '1m', '2m', '3m', '7m', '8m', '9m', '2s', '3s', '4s', 'N', 'N'],
                        [{ type: 'tsumo', actor: 0, pai: 'W' }, { type: 'dahai', actor: 0, pai: 'W', tsumogiri: true },
                         { type: 'tsumo', actor: 1, pai: '?' }, { type: 'dahai', actor: 1, pai: 'S', tsumogiri: true },
                         { type: 'tsumo', actor: 2, pai: '?' }, { type: 'dahai', actor: 2, pai: '5p', tsumogiri: true }]);
    for (const event of events) majiang.handle(event);
    const discard = majiang.handle({ type: 'pon', actor: 0, target: 2, pai: '5p', consumed: ['5pr', '5p'] });
    assert.strictEqual(discard.type, 'dahai');
    majiang.handle(discard);
    for (const actor of [1, 2, 3]) {
        majiang.handle({ type: 'tsumo', actor, pai: '?' });
        majiang.handle({ type: 'dahai', actor, pai: 'E', tsumogiri: true });
    }
    majiang.player.action_zimo = function () { this._callback({ gang: 'p505=5' }); };
    const kan = majiang.handle({ type: 'tsumo', actor: 0, pai: '5p' });
    assert.strictEqual(kan.type, 'kakan', JSON.stringify(kan));
    assert.strictEqual(kan.pai, '5p');
    assert.deepStrictEqual([...kan.consumed].sort(), ['5p', '5p', '5pr']);
});

test('thirteen orphans robs an ankan of its wait; another hand is not asked', () => {
    const kokushi = ['9m', '1p', '9p', '1s', '9s', 'E', 'S', 'W', 'N', 'P', 'F', 'C', 'C'];
    const ankan = { type: 'ankan', actor: 1, consumed: ['1m', '1m', '1m', '1m'] };
    const before = [{ type: 'tsumo', actor: 0, pai: '2p' }, { type: 'dahai', actor: 0, pai: '2p', tsumogiri: true },
                    { type: 'tsumo', actor: 1, pai: '?' }];
    const robbing = newSeat().majiang;
    for (const event of hand(kokushi, before)) robbing.handle(event);
    assert.deepStrictEqual(robbing.handle(ankan), { type: 'hora', actor: 0, target: 1, pai: '1m' });
    const other = newSeat().majiang;
    for (const event of hand(['2m', '3m', '4m', ...kokushi.slice(3)], before)) other.handle(event);
    assert.strictEqual(other.handle(ankan), null);
});

test('the script: one line per decision, none for can_act false, one per batch', () => {
    const script = path.join(__dirname, 'mjai-seat.js');
    const lines = fs.readFileSync(path.join(fixtures, 'streams', 'worked_example.jsonl'), 'utf8').split('\n').filter(Boolean);
    const run = input => spawnSync(process.execPath, [script], { input, encoding: 'utf8' });
    const live = run(lines.join('\n') + '\nnot json\n');
    assert.strictEqual(live.status, 0, live.stderr);
    assert.strictEqual(live.stdout.trim().split('\n').length, 6);
    assert.ok(live.stderr.includes('not JSON'));
    const quiet = run(lines.map(line => JSON.stringify({ ...JSON.parse(line), can_act: false })).join('\n') + '\n');
    assert.strictEqual(quiet.stdout, '');
    const batch = run(`[${lines.slice(0, 3).join(',')}]\n`);
    assert.strictEqual(JSON.parse(batch.stdout).type, 'dahai');
});

let failed = 0;
for (const { name, body } of tests) {
    try {
        body();
        process.stdout.write(`ok   ${name}\n`);
    } catch (error) {
        failed++;
        process.stdout.write(`FAIL ${name}\n${error.stack}\n`);
    }
}
process.stdout.write(`${tests.length - failed}/${tests.length} passed\n`);
process.exit(failed ? 1 : 0);

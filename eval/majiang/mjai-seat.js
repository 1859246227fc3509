#!/usr/bin/env node
// majiang-ai (the rule-based AI of the @kobalab/majiang-ai package) as an mjai bot for the arena:
//   node eval/majiang/mjai-seat.js [--seat N] [--tonpuu]
// stdin: one mjai event per line (Mortal's bot loop); stdout: one action line each time the seat
// can act, nothing otherwise. An event with "can_act": false only updates the table. A line that
// is a JSON array (mjai.app batches) is answered with exactly one line, "none" when idle.
// Diagnostics go to stderr; a line that cannot be read is reported and skipped.
"use strict";

const readline = require('readline');
const { arenaRule } = require('./arena-rule');
const { MajiangSeat } = require('./seat');

function parseArguments(argv) {
    const options = { seat: null, tonpuu: false };
    for (let i = 0; i < argv.length; i++) {
        if (argv[i] === '--seat' && i + 1 < argv.length) options.seat = Number.parseInt(argv[++i], 10);
        else if (argv[i] === '--tonpuu') options.tonpuu = true;
        else if (argv[i] === '--help' || argv[i] === '-h') {
            process.stdout.write('usage: mjai-seat.js [--seat N] [--tonpuu]\n');
            process.exit(0);
        } else {
            process.stderr.write(`mjai-seat: unknown argument ${argv[i]}\n`);
            process.exit(2);
        }
    }
    if (options.seat !== null && !(options.seat >= 0 && options.seat <= 3)) {
        process.stderr.write('mjai-seat: --seat takes 0 to 3\n');
        process.exit(2);
    }
    return options;
}

// One event through the seat, never throwing: a failure is reported and the reply is dropped.
function handleEvent(seat, event) {
    try {
        return seat.handle(event);
    } catch (error) {
        process.stderr.write(`mjai-seat: error on ${JSON.stringify(event)}: ${error.stack || error}\n`);
        seat.markBroken('an event could not be handled');
        return null;
    }
}

function main() {
    const options = parseArguments(process.argv.slice(2));
    const seat = new MajiangSeat({ rule: arenaRule({ tonpuu: options.tonpuu }), seat: options.seat });
    const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
    input.on('line', line => {
        const text = line.trim();
        if (!text) return;
        let parsed;
        try {
            parsed = JSON.parse(text);
        } catch (error) {
            process.stderr.write(`mjai-seat: not JSON, skipped: ${text.slice(0, 200)}\n`);
            if (text.startsWith('[')) process.stdout.write('{"type":"none"}\n');
            return;
        }
        if (Array.isArray(parsed)) {
            let reply = null;
            for (const event of parsed) reply = handleEvent(seat, event);
            process.stdout.write(JSON.stringify(reply || { type: 'none' }) + '\n');
            return;
        }
        const reply = handleEvent(seat, parsed);
        if (reply && parsed.can_act !== false) process.stdout.write(JSON.stringify(reply) + '\n');
    });
}

main();

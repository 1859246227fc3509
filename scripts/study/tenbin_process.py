"""The engine's answers for the study scripts: `tenbin score` and `tenbin shanten`, each one
process of the built bot answering JSON lines, so that a script scores and counts shanten
exactly as the bot does; `tenbin-arena tenpai-data`'s labelled discards, run and read one way
for every script that counts them; and the seats' tiles and melds through a log, in the form
`tenbin score` and `tenbin shanten` read. Python 3 standard library only.
"""

import csv
import io
import json
import subprocess


def kind(tile):
    """A red five is its kind."""
    return tile[:2] if tile.endswith("r") else tile


class Tenbin:
    """`tenbin score` and `tenbin shanten` of one binary, started once and asked line by line."""

    def __init__(self, binary):
        self.score = subprocess.Popen([binary, "score"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.shanten_of = subprocess.Popen([binary, "shanten"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    @staticmethod
    def ask(process, request):
        process.stdin.write(json.dumps(request) + "\n")
        process.stdin.flush()
        return json.loads(process.stdout.readline())

    def has_yaku(self, request):
        return "error" not in self.ask(self.score, request)

    def shanten(self, tiles, melds):
        return self.ask(self.shanten_of, {"tiles": tiles, "melds": melds})["shanten"]

    def waits(self, tiles, melds):
        """The kinds that complete a tenpai hand (its ukeire); none short of tenpai."""
        answer = self.ask(self.shanten_of, {"tiles": tiles, "melds": melds})
        return answer["ukeire"] if answer["shanten"] == 0 else []


def tenpai_rows(arena, paths):
    """tenbin-arena tenpai-data's rows for match directories or log files, as dicts of its CSV
    columns (its log column the index into the logs it read)."""
    data = subprocess.run([arena, "tenpai-data", *paths], check=True, capture_output=True, text=True).stdout
    return list(csv.DictReader(io.StringIO(data)))


def is_open(melds):
    """Whether a seat's melds hold a call (a closed kan leaves the hand closed)."""
    return any(meld["type"] != "ankan" for meld in melds)


def follow_tiles(event, hands, melds):
    """Applies a draw, discard, call or kan of a log to the seats' concealed tiles (lists of tile
    names, each seat's from its start_kyoku tehai) and melds (as `tenbin shanten` and `tenbin
    score` read them). Other events leave them as they are."""
    kind_of = event.get("type")
    if kind_of == "tsumo":
        hands[event["actor"]].append(event["pai"])
    elif kind_of == "dahai":
        hands[event["actor"]].remove(event["pai"])
    elif kind_of in ("chi", "pon", "daiminkan", "ankan"):
        seat = event["actor"]
        for tile in event["consumed"]:
            hands[seat].remove(tile)
        if kind_of == "ankan":
            melds[seat].append({"type": "ankan", "consumed": event["consumed"]})
        else:
            melds[seat].append({"type": kind_of, "pai": event["pai"], "consumed": event["consumed"], "target": event["target"]})
    elif kind_of == "kakan":
        seat = event["actor"]
        hands[seat].remove(event["pai"])
        for meld in melds[seat]:
            if meld["type"] == "pon" and kind(meld["pai"]) == kind(event["pai"]):
                meld.update({"type": "kakan", "consumed": meld["consumed"] + [event["pai"]]})

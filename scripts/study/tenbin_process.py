"""The engine's answers for the study scripts: `tenbin score` and `tenbin shanten`, each one
process of the built bot answering JSON lines, so that a script scores and counts shanten
exactly as the bot does. Python 3 standard library only.
"""

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

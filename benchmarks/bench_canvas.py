"""Every Canvas command as a whole process, against the tool's own start-up; `best`'s core in process.

    python benchmarks/bench_canvas.py [--runs 15] [--hands 200] [--pastiche PATH]

The positions: the 4-player finished example (four-player-bonus.yaml) for score, check and end; the
2-player game in progress (midgame.yaml) for painting, best and take. `take --apply` records a legal
take (Ben takes slot 1, Freedom drawn into slot 5) in a copy of the game in progress, restored
untimed before every run, so every run applies the same move. Each command is checked once for what
it must say before it is timed (harness.py). The floor is `pastiche --version` (the interpreter,
click and the root command), run alternately with each command: the ratio is what the command costs
over the tool's start-up. SPEC 7's target, 0.1 s a command with start-up, is read off the times.

Then `best`'s core in process: every painting (3 of 5 cards, in every order: 60) of `--hands`
random 5-card hands with two paintings already done, scored exactly; checked first to rank 60
paintings a hand by gain, and on the first hand each gain to be what scoring the player with that
painting added (score_player) gives. Its floor scores one painting
of each hand and totals the player's score, as `canvas painting FILE` does: the ratio is what
ranking all 60 costs in units of judging one.
"""

from __future__ import annotations

import random
import shutil

import harness
from harness import Command, json_where, says

CANVAS = harness.POSITIONS / "canvas"
FINISHED = CANVAS / "four-player-bonus.yaml"
MIDGAME = CANVAS / "midgame.yaml"
SCRATCH = harness.OUTSIDE / "canvas-game.yaml"  # the copy `take --apply` writes to
PAINTINGS_OF_FIVE = 5 * 4 * 3


def restore_scratch() -> None:
    shutil.copyfile(MIDGAME, SCRATCH)


def commands(pastiche: list[str]) -> list[Command]:
    finished, midgame, scratch = str(FINISHED), str(MIDGAME), str(SCRATCH)
    painting = ["canvas", "painting", "Delicate", "Revolution", "Masked"]
    run = harness.runner(pastiche)

    return [
        run("score", ["score", finished], says("Winner: Cleo")),
        run(
            "score --json",
            ["score", finished, "--json", "--detail"],
            json_where(lambda a: a["players"][0]["name"] == "Cleo" and a["players"][0]["total"] == 21, "Cleo on 21"),
        ),
        run("check", ["check", finished], says(": OK")),
        run("end", ["end", finished], says("the game is over")),
        run("rules", ["rules", "--game", "canvas", "score.space"], says("canvas.score.space")),
        run(
            "new",
            ["new", "--game", "canvas", "--players", "Ana,Ben,Caro,Dev", "--scenario", "first-game"],
            says("game: canvas", "- name: Dev"),
        ),
        run("canvas painting", painting, says("symmetry 2 [canvas.score.symmetry]")),
        run("canvas painting FILE", [*painting, midgame, "--player", "Ana"], says("For Ana now", "+11 points")),
        run("canvas best", ["canvas", "best", midgame, "--player", "Ana"], says("the best 10 of 60")),
        run(
            "canvas best --json",
            ["canvas", "best", midgame, "--player", "Ana", "--json"],
            json_where(lambda a: a["legal"] is True and len(a["paintings"]) > 0, "paintings Ana can complete"),
        ),
        run(
            "canvas take",
            ["canvas", "take", midgame, "--player", "Ben", "--slot", "3"],
            says("Ben takes slot 3 (Bait): legal [canvas.take]"),
        ),
        run(
            "canvas take --apply",
            ["canvas", "take", scratch, "--player", "Ben", "--slot", "1", "--apply", "--draw", "Freedom"],
            harness.recorded("canvas.take", SCRATCH, "hand: [Truth, Nature]", "- Freedom"),  # Freedom in the market
            before=restore_scratch,
        ),
        run("canvas cards", ["canvas", "cards"], says("variety")),
    ]


def best_in_process(hands: int, runs: int) -> harness.Figures:
    """`best`'s core on random 5-card hands (two paintings already done), against judging one painting."""
    harness.no_source_on_path()
    from pastiche_cli.games.canvas.core import cards
    from pastiche_cli.games.canvas.core.best import options
    from pastiche_cli.games.canvas.core.position import Player, Position
    from pastiche_cli.games.canvas.core.scoring import score_painting, score_player, totals

    rng = random.Random(10)
    names = list(cards.scoring_cards())
    games = []
    for _ in range(hands):
        words = rng.sample(cards.card_words(), 11)
        player = Player("Ana", 0, 2, tuple(words[:5]), (tuple(words[5:8]), tuple(words[8:11])))
        games.append((Position(tuple(rng.sample(names, 4)), (player,)), player))

    for position, player in games:
        found = options(position, player)
        gains = [option.gain for option in found]
        if len(found) != PAINTINGS_OF_FIVE or gains != sorted(gains, reverse=True):
            harness.fail(f"best found {len(found)} paintings of {player.hand}, expected 60 ranked by gain")
    # the first hand's gains, each the player's total with that painting added less her total now
    position, player = games[0]
    now = score_player(player, position.scoring, position.house).total
    for option in options(position, player):
        painted = player._replace(paintings=(*player.paintings, option.words))
        gain = score_player(painted, position.scoring, position.house).total - now
        if option.gain != gain:
            harness.fail(f"best says {' '.join(option.words)} gains {option.gain}, scoring it gives {gain}")
    if len({option.words for option in options(position, player)}) != PAINTINGS_OF_FIVE:
        harness.fail(f"best did not weigh every painting of {player.hand} once")

    def best_of_every_hand() -> None:
        for position, player in games:
            options(position, player)

    def one_painting_of_every_hand() -> None:
        for position, player in games:
            done = [score_painting(words, position.scoring, position.house) for words in player.paintings]
            painting = score_painting(player.hand[:3], position.scoring, position.house)
            totals([*done, painting], position.scoring, position.house)

    return harness.in_process(
        f"best in process, {hands} hands",
        best_of_every_hand,
        one_painting_of_every_hand,
        "one painting a hand",
        runs,
    )


def body() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--hands", type=int, default=200, help="random 5-card hands for best in process (200)")
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    base = Command("pastiche --version", [*pastiche, "--version"], says("version"))
    harness.header(pastiche, args.runs)
    figures = [harness.interleaved(c, base, args.runs) for c in commands(pastiche)]
    figures.append(best_in_process(args.hands, args.runs))
    harness.report(figures)


if __name__ == "__main__":
    harness.main(body)

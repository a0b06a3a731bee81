"""The battle report's image card (issue 34): how long `/game end` spends drawing it, and how
big it is, for a small game and a huge one.

The card is drawn in the bot's pool of workers (`cogs.game.report_card.card_png`), never on
the event loop; this is the CPU time one drawing takes there (wording included), and the
PNG's size. The huge game (8 players of 100 units each, names of 300 wide letters) shows
that the card's caps hold: four sides of twelve units, one fixed size.

    python -m bench.report_card [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import UTC, datetime

from cogs.game.report_card import card_png, image_size, report_card
from core.antares.game import GameState, Player, Unit
from core.common.campaign_stats import DiceLuck
from services.game import BattleReport

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")


def game(players: int, units: int, name_letters: int) -> BattleReport:
    seated = [Player(owner_id=n + 1, colour=COLOURS[n]) for n in range(players)]
    army = {
        f"{p.owner_id}-{n}": Unit(
            id=f"{p.owner_id}-{n}",
            name=f"Squad {n} " + "W" * name_letters,
            owner_id=p.owner_id,
            colour=p.colour,
            models=n % 6,
            starting_models=5,
            destroyed=n % 6 == 0,
        )
        for p in seated
        for n in range(units)
    }
    state = GameState(name="Vorl " + "Z" * name_letters, host_id=1, players=seated, units=army)
    luck = {p.owner_id: {"acc": DiceLuck(rolls=40, successes=25, expected=23.6)} for p in seated}
    return BattleReport(
        game_id=1,
        guild_id=None,
        state=state,
        closed=None,
        started_at=datetime(2026, 11, 28, tzinfo=UTC),
        ended_at=None,
        changes=0,
        luck=luck,
    )


def measure(label: str, report: BattleReport, runs: int) -> None:
    took, size = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        card = report_card("en", report, lambda user: "M" * 300)
        size = len(card_png(card))
        took.append(time.perf_counter() - started)
    width, height = image_size(card)
    print(
        f"{label:<34} {statistics.median(took) * 1000:6.0f} ms median, "
        f"{max(took) * 1000:5.0f} ms worst; {width}x{height} px, {size / 1024:.0f} KiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    runs = parser.parse_args().runs
    card_png(report_card("en", game(2, 3, 0), lambda user: None))  # matplotlib's first import
    measure("2 players, 3 units each", game(2, 3, 0), runs)
    measure("2 players, 20 units each", game(2, 20, 0), runs)
    measure("8 players, 100 units each (capped)", game(8, 100, 300), runs)


if __name__ == "__main__":
    main()

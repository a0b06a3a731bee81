"""An event's standings CSV (issue 35): one row a player, best first, and no cell a
spreadsheet would run as a formula (a player's name and army are theirs to type)."""

from __future__ import annotations

import csv
import io

from core.common.tournament.entries import join
from core.common.tournament.lists import locked
from core.common.tournament.model import Result, Round, Settings, Table, Tournament
from services.tournament.export import CSV_COLUMNS, standings_csv


def test_the_standings_csv_quotes_what_would_read_as_a_formula():
    t = Tournament(settings=Settings(name="Antares day"), organiser_id=99)
    t = join(join(t, 1, "=HYPERLINK(1)"), 2, "Bob")
    first = t.entries[0]
    t = locked(t, first, faction="ghar", army="+cmd", points=900, dice=8, data=b"x")
    won = Result(winner=1, vp={1: 10, 2: 4})
    t = t.model_copy(
        update={"rounds": [Round(number=1, tables=[Table(number=1, players=(1, 2), result=won)])]}
    )
    rows = list(csv.reader(io.StringIO(standings_csv(t).decode())))
    assert rows[0] == list(CSV_COLUMNS)
    assert rows[1][:6] == ["1", "'=HYPERLINK(1)", "1", "ghar", "'+cmd", "3"]
    assert rows[2][:6] == ["2", "Bob", "2", "", "", "0"]

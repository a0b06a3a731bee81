"""How `/event` shows an event, its rounds, lists and standings, in the caller's language."""

from __future__ import annotations

from cogs.campaign import render as campaign_render
from cogs.common.text import ellipsize, fit_lines, plain
from cogs.league import render as league_render
from locales import Lang, t
from services.army import Army
from services.tournament import (
    League,
    Listed,
    Ranked,
    Round,
    Shown,
    Tournament,
    dice_down_at,
)

REPLY_MAX = 1900  # Discord's 2,000 characters, with room for the line saying how many more


def fit(lang: Lang, lines: list[str], limit: int = REPLY_MAX) -> str:
    """The lines that fit in one message; the last says how many were left out (the export
    and the tables' threads have them all)."""
    return fit_lines(lines, limit, lambda count: t(lang, "tournament.more", count=count))


def breakers(lang: Lang, event: Tournament) -> str:
    return ", ".join(t(lang, f"tournament.tb.{b}") for b in event.settings.tie_breakers)


def summary(lang: Lang, shown: Shown) -> str:
    e = shown.event
    s = e.settings
    lines = [
        t(lang, "tournament.title", name=plain(shown.name), date=plain(s.date) or "—"),
        t(
            lang,
            "tournament.setup",
            rounds=s.rounds,
            points=s.points_limit,
            breakers=breakers(lang, e),
        ),
    ]
    if s.list_deadline:
        lines.append(t(lang, "tournament.deadline", deadline=_when(s.list_deadline)))
    if s.dice_cap is not None:
        lines.append(t(lang, "tournament.dice_cap", dice=s.dice_cap))
    if s.round_minutes is not None:
        lines.append(t(lang, "tournament.round_line", minutes=s.round_minutes))
    if s.scenarios:
        lines.append(
            t(lang, "tournament.scenarios", scenarios=", ".join(plain(x) for x in s.scenarios))
        )
    lines.append(t(lang, f"tournament.status.{e.status}", round=len(e.rounds), rounds=s.rounds))
    players = [_player(x.user_id, x.checked_in, x.list_state) for x in e.active]
    lines.append(t(lang, "tournament.players", count=len(players)))
    return fit(lang, lines + players)


def _when(iso: str) -> str:
    return iso[:16].replace("T", " ") + " UTC"


def _player(user_id: int, checked_in: bool, list_state: str) -> str:
    marks = ("✅" if checked_in else "") + ("🔒" if list_state == "locked" else "")
    return f"- <@{user_id}> {marks}".rstrip()


def pairings(lang: Lang, shown: Shown, round_: Round, threads: dict[int, int]) -> str:
    lines = [
        t(
            lang,
            "tournament.round_title",
            name=plain(shown.name),
            round=round_.number,
            scenario=plain(round_.scenario) or "—",
        )
    ]
    for table in round_.tables:
        a, b = table.players
        where = f" → <#{threads[table.number]}>" if table.number in threads else ""
        lines.append(t(lang, "tournament.table_line", table=table.number, a=a, b=b) + where)
    if round_.bye is not None:
        lines.insert(1, t(lang, "tournament.bye_line", player=round_.bye))
    return fit(lang, lines)


def table_opening(lang: Lang, shown: Shown, round_: Round, number: int, a: int, b: int) -> str:
    at = dice_down_at(shown.event, round_)
    timer = "" if at is None else "\n" + t(lang, "tournament.round_timer", at=_when(at.isoformat()))
    return (
        t(
            lang,
            "tournament.table_opening",
            name=plain(shown.name),
            round=round_.number,
            table=number,
            a=a,
            b=b,
            scenario=plain(round_.scenario) or "—",
            campaign=plain(shown.event.campaign_name) or "—",
        )
        + timer
    )


def standings(lang: Lang, shown: Shown, ranked: list[Ranked], limit: int = REPLY_MAX) -> str:
    names = {e.user_id: e.name for e in shown.event.entries}
    head = t(
        lang,
        "tournament.standings_title",
        name=plain(shown.name),
        breakers=breakers(lang, shown.event),
    )
    rows = [
        t(
            lang,
            "tournament.standings_row",
            rank=r.rank,
            player=plain(ellipsize(names.get(r.line.user_id, "?"), 32)),
            points=r.line.points,
            wins=r.line.wins,
            draws=r.line.draws,
            losses=r.line.losses,
            vp=r.line.vp,
            dice=r.line.dice,
            sos=r.line.sos,
        )
        for r in ranked
    ]
    return fit(lang, [head, *rows], limit)


def factions(lang: Lang, league: League, limit: int = REPLY_MAX) -> str:
    """The event's faction table, as the faction league counts it (mirror matches apart)."""
    rows = [t(lang, "tournament.factions_title")]
    for f in league.table:  # worded as the faction league's table (`cogs.league.render`)
        rows.append(
            t(
                lang,
                "tournament.faction_row",
                faction=campaign_render.faction(lang, f.faction),
                battles=f.battles,
                wins=f.wins,
                draws=f.draws,
                losses=f.losses,
                rate=league_render.percent(f.score),
                vp=f.vp_for,
            )
        )
        if f.mirrors:
            rows.append(
                t(
                    lang,
                    "tournament.faction_mirrors",
                    faction=campaign_render.faction(lang, f.faction),
                    count=f.mirrors,
                )
            )
    return fit(lang, rows, limit)


def missing(lang: Lang, shown: Shown, tables: list) -> str:
    if not tables:
        return t(lang, "tournament.none_missing", name=plain(shown.name))
    rows = [
        t(lang, "tournament.table_line", table=x.number, a=x.players[0], b=x.players[1])
        for x in tables
    ]
    return fit(lang, [t(lang, "tournament.missing_title", count=len(tables)), *rows])


def lists(lang: Lang, shown: Shown, listed: list[Listed]) -> str:
    key = "tournament.lists_revealed" if shown.event.revealed else "tournament.lists_hidden_title"
    rows = [t(lang, key, name=plain(shown.name))]
    rows.extend(_list_line(lang, item) for item in listed)
    return fit(lang, rows)


def _list_line(lang: Lang, item: Listed) -> str:
    entry = item.entry
    if entry.list_state == "none":
        return t(lang, "tournament.list_none", player=entry.user_id)
    if item.army is None:
        return t(lang, "tournament.list_hidden_line", player=entry.user_id)
    return t(
        lang,
        "tournament.list_line",
        player=entry.user_id,
        army=plain(entry.army),
        faction=plain(entry.faction) or "—",
        points=entry.points,
        dice=entry.dice,
        units=_units(item.army),
        digest=entry.digest[:12],
    )


def _units(army: Army) -> str:
    return ellipsize(", ".join(plain(u.name) for u in army.units), 300)


def locked(lang: Lang, shown: Shown, army: Army, user_id: int) -> str:
    entry = shown.event.entry(user_id)
    digest = entry.digest[:12] if entry else ""
    return t(
        lang,
        "tournament.list_locked_ok",
        event=plain(shown.name),
        player=user_id,
        points=army.points,
        dice=army.order_dice,
        digest=digest,
    )

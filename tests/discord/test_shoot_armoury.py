"""Every weapon of the three armouries (seeds 000, 002, 003 weapon tables) through the
real commands with seeded dice: each mode that shoots is fired with `/shoot`, each mode
that strikes in close combat is used with `/assault`, each special ammo is fired from each
of its launchers. Every reply is a result, never a refusal or an error."""

from __future__ import annotations

from rulesdb import load_rules
from rulesdb.models import AmmoEntry
from services.shooting.weapons import shoots, strikes_in_h2h
from tests.discord.test_shoot_kit import assault, shoot, shown

DB = load_rules()


def range_of(mode) -> int:
    """A distance in the mode's effective band (its maximum: above any minimum range)."""
    return mode.effective.max


def shooting_modes():
    return [(w, m) for w in DB.weapons.values() for m in w.modes if shoots(m)]


def striking_modes():
    return [(w, m) for w in DB.weapons.values() for m in w.modes if strikes_in_h2h(w, m)]


async def test_every_weapon_mode_fires(simcord_env, table):
    fired = 0
    for weapon, mode in shooting_modes():
        result = await shoot(
            table.alice,
            table.channel,
            weapon=weapon.id,
            mode=mode.id,
            models=3,
            acc=6,
            res=5,
            distance=range_of(mode),
            target_models=5,
        )
        assert not result.ephemeral, (weapon.id, mode.id, result.response.content)
        assert weapon.name_en in shown(result), (weapon.id, mode.id)
        fired += 1
    assert fired == sum(1 for w in DB.weapons.values() for m in w.modes if not m.h2h_only)


async def test_every_close_combat_weapon_strikes(simcord_env, table):
    used = set()
    for weapon, mode in striking_modes():
        options = {"d_spinner": "sv"} if weapon.id == "d-spinner" else {}
        result = await assault(
            table.alice,
            table.channel,
            attacker="str 5 res 5 models 3",
            defender="str 5 res 5 models 3",
            weapon=weapon.id,
            mode=mode.id,
            **options,
        )
        assert not result.ephemeral, (weapon.id, mode.id, result.response.content)
        assert weapon.name_en in shown(result), (weapon.id, mode.id)
        used.add(weapon.id)
    h2h_only = {w.id for w in DB.weapons.values() if any(m.h2h_only for m in w.modes)}
    assert h2h_only <= used


async def test_every_special_ammo_from_every_launcher(simcord_env, table):
    ammo = [e for e in DB.entries if isinstance(e, AmmoEntry) and e.launchers]
    for entry in ammo:
        for launcher in entry.launchers:
            weapon = DB.weapons[launcher]
            mode = next(
                m
                for m in weapon.modes
                if shoots(m) and (entry.id != "overload" or m.rule("overhead") is None)
            )
            result = await shoot(
                table.alice,
                table.channel,
                weapon=launcher,
                mode=mode.id,
                ammo=entry.id,
                models=2,
                acc=6,
                res=5,
                distance=range_of(mode),
            )
            assert not result.ephemeral, (entry.id, launcher, result.response.content)

"""Issue 22, "Overhead drift is never 'nothing happens'": a tracked shot's overhead template
that drifted carries, on the shot's reply, a menu "Where did template n land?" (issue 31 §2:
one pick, where it was 💥 then a menu); the shooter's owner (the host, a GM) picks the unit
it now covers (or No unit) and its hits are resolved there, every die shown on that same
reply, the menu gone, as part of the shot: one `/game undo` takes both back, and a template
is resolved once. More living units than a menu holds: the 💥 button, as before.

Rules: seed 000 "TIR EN SURPLOMB (SP)" (a miss other than a 10 drifts D5" under Fire; the
table checks what the template then covers) and "Déflagration D(n)" (a template that lands
scores D(n) hits, halved against a Down unit); the X-Launcher fires overhead, Blast D5, SV 1
(rulesdb/data/weapons_launchers.toml, seeds 000/002/003). Res tests: rules-notes "Shooting".
Units: test_shoot_kit.armies (Alice's Troopers, Bob's Gangers, Res 6) and Bob's Bruisers
(5 models, Res 7).
"""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.discord.game_kit import (
    card_text,
    labels,
    menus,
    record_of,
    select_values,
    snapshot,
    state_of,
)
from tests.discord.shoot_buttons_kit import card_shot
from tests.discord.test_shoot_kit import armies, faces, shoot, shown
from tests.support.bots import restart
from tests.support.locale import french
from tests.support.mentions import tokens

LANGS = ["en", "fr"]
# Troopers' X-Launcher at 20": Acc 5 − 2 (overhead) = 3; a 7 misses and drifts D5 3",
# toward a D12 4 (4 o'clock)
DRIFTS = (7, 3, 4)
# on the Bruisers: D5 3 hits; Res 7 − SV 1 = 6: 2 and 5 pass, 7 fails: one casualty
LANDS = (3, 2, 5, 7)
WORDS = {
    "en": {
        "button": "Template 1 drifted: resolve its hits",
        "menu": "Where did template 1 land?",
        "nowhere": "No unit",
        "landed_nowhere": "Template 1 of **Troopers** drifted **3\"** toward **4 o'clock** and "
        "lands on no unit: no hits.",
        "drift": "Template 1: misses and drifts D5 `3` → **3\"** toward **4 o'clock** (D12 `4`)",
        "hint": "💥 Once the table sees which unit a drifted template now covers, pick it in the "
        "template's menu below: its hits are resolved there, as part of this shot (one "
        "</game undo> takes both back).",
        "ask": "💥 Template 1 of **Troopers** (X-Launcher) drifted **3\"** toward **4 o'clock**: "
        "which unit does it now cover?",
        "title": "💥 X-Launcher — template 1 on Bruisers",
        "story": [
            "Template 1 of **Troopers** drifted **3\"** toward **4 o'clock** and lands on "
            "**Bruisers**.",
            "Template 1: on Bruisers → D5 `3` = **3** hits",
            "Hits: **3**.",
            "**Res** 7 − SV 1 → passes on **6** or less",
            "Res tests: `2`✅ `5`✅ `7`❌",
            "Casualties: **1**.",
            "**Bruisers**: models 5 → **4**.",
            "**Bruisers**: pins 0 → **1**.",
        ],
        "undone": "↩️ Undone (2)",
        "resolved": "Template 1 is already resolved, on **Bruisers**: if it was the wrong unit, "
        "</game undo> takes the shot and its hits back.",
        "was_undone": "That shot was undone: template 1 has nothing left to resolve.",
        "moved_on": "The game has moved on since this shot: the button resolves template 1 "
        "only right after its shot.",
        "not_yours": "Troopers belongs to",
    },
    "fr": {
        "button": "Gabarit 1 dévié : résoudre ses touches",
        "menu": "Où le gabarit 1 est-il tombé ?",
        "nowhere": "Aucune unité",
        "landed_nowhere": 'Le gabarit 1 de **Troopers** a dévié de **3"** vers **4 h** et ne tombe '
        "sur aucune unité : aucune touche.",
        "drift": 'Gabarit 1 : rate et dévie de D5 `3` → **3"** vers **4 h** (D12 `4`)',
        "hint": "💥 Quand la table voit quelle unité un gabarit dévié recouvre désormais, "
        "choisissez-la dans le menu du gabarit ci-dessous : ses touches y sont résolues, dans ce "
        "même tir (un seul </game undo> annule les deux).",
        "ask": '💥 Le gabarit 1 de **Troopers** (X-Launcher) a dévié de **3"** vers **4 h** : '
        "quelle unité recouvre-t-il désormais ?",
        "title": "💥 X-Launcher — gabarit 1 sur Bruisers",
        "story": [
            'Le gabarit 1 de **Troopers** a dévié de **3"** vers **4 h** et tombe sur '
            "**Bruisers**.",
            "Gabarit 1 : sur Bruisers → D5 `3` = **3** touches",
            "Touches : **3**.",
            "`2`✅ `5`✅ `7`❌",
            "Pertes : **1**.",
        ],
        "undone": "↩️ Annulé (2)",
        "resolved": "Le gabarit 1 est déjà résolu, sur **Bruisers** : si ce n'était pas la bonne "
        "unité, </game undo> annule le tir et ses touches.",
        "was_undone": "Ce tir a été annulé : le gabarit 1 n'a plus rien à résoudre.",
        "moved_on": "La partie a avancé depuis ce tir : le bouton ne résout le gabarit 1 que "
        "juste après son tir.",
        "not_yours": "Troopers appartient à",
    },
}


def speaking(lang: str):
    return french() if lang == "fr" else nullcontext()


async def ready(table) -> None:
    """The armies, the Bruisers and the Troopers' X-Launcher (one model carries it)."""
    await armies(table)
    await table.bob.slash(table.channel, "unit add", name="Bruisers", models=5, res=7, co=8)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons="X-Launcher x1")


async def drift_shot(table, **options):
    """The Troopers' X-Launcher at the Gangers, 20" away (the dice scripted before)."""
    return await shoot(
        table.alice, table.channel, shooter="Troopers", target="Gangers", distance=20, **options
    )


async def launcher(table, ammo: str | None = None):
    """The table ready, and the Troopers' shot."""
    await ready(table)
    return await drift_shot(table, **({"ammo": ammo} if ammo else {}))


async def crowded(table, squads: int = 22) -> None:
    """More units than the reply's menu holds beside No unit (24): 💥 instead."""
    for n in range(squads):
        await table.bob.slash(table.channel, "unit add", name=f"Squad {n:02}", models=3, res=5)


def menu_of(message) -> dict:
    """The reply's one drift menu."""
    found = [m for m in menus(message) if m["custom_id"].startswith("antares:driftl:")]
    assert len(found) == 1, found
    return found[0]


async def refused(env, table, member, expected: str, click):
    """A click refused to `member` only, with `expected`, the game unchanged."""
    before = await snapshot(env, table.channel)
    refusal = await click()
    assert refusal.ephemeral, refusal.response.content
    assert expected in tokens(refusal.response.content), refusal.response.content
    assert await snapshot(env, table.channel) == before


# ---------------------------------------------------------------- the whole way, EN and FR


@pytest.mark.parametrize("lang", LANGS)
async def test_a_drifted_template_resolves_its_hits_on_the_unit_it_covers(
    simcord_env, table, dice, lang
):
    """One pick on the shot's own reply (was: 💥, then a menu in a message of its own)."""
    words = WORDS[lang]
    with speaking(lang):
        dice.script(*DRIFTS)
        fired = await launcher(table)
        text = shown(fired)
        assert words["drift"] in text and words["hint"] in text
        assert words["button"] not in labels(fired.response)
        menu = menu_of(fired.response)
        assert menu["placeholder"] == words["menu"]
        # every living unit, either side: the shot's target first; then No unit
        assert select_values(fired.response) == ["u2", "u1", "u3", "-"]
        options = {o["value"]: o for o in menu["options"]}
        assert options["u3"]["label"] == "Bruisers" and options["-"]["label"] == words["nowhere"]
        dice.script(*LANDS)
        landed = await table.alice.select(fired.response, ["u3"])
    dice.assert_used()
    record = await record_of(simcord_env, table.channel)
    assert record is not None
    async with simcord_env.bot.services.store.read() as tx:
        shot = next(e for e in await tx.events(record.id) if e.kind == "shoot")
    assert "Bruisers" not in shot.payload  # the menu's units are the reply's, not the log's
    assert not landed.ephemeral
    assert landed.response.id == fired.response.id  # the shot's reply, edited in place
    assert menus(landed.response) == [] and len(labels(landed.response)) == 1  # 🔁 stays
    assert landed.response.embeds[1].title == words["title"]
    story = shown(landed)
    assert words["drift"] in story  # the shot's own lines stay above
    for line in words["story"]:
        assert line in story, story
    assert faces(landed.response.embeds[1].description) == list(LANDS)  # every die it rolled
    state = await state_of(simcord_env, table.channel)
    assert (state.units["u3"].models, state.units["u3"].pins) == (5 - 1, 1)
    assert (state.units["u2"].models, state.units["u2"].pins) == (5, 0)  # nothing on target


@pytest.mark.parametrize("lang", LANGS)
async def test_no_unit_takes_the_menu_off_and_changes_nothing(simcord_env, table, dice, lang):
    words = WORDS[lang]
    dice.script(*DRIFTS)
    fired = await launcher(table)
    before = await snapshot(simcord_env, table.channel)
    with speaking(lang):
        landed = await table.alice.select(fired.response, ["-"])
    assert not landed.ephemeral and landed.response.id == fired.response.id
    assert menus(landed.response) == []
    assert words["landed_nowhere"] in shown(landed)
    assert await snapshot(simcord_env, table.channel) == before  # no dice, no event
    dice.assert_used()


@pytest.mark.parametrize("lang", LANGS)
async def test_one_undo_takes_back_the_shot_and_its_drifted_hits(simcord_env, table, dice, lang):
    words = WORDS[lang]
    dice.script(*DRIFTS)
    await ready(table)
    before = await state_of(simcord_env, table.channel)
    fired = await drift_shot(table)
    dice.script(*LANDS)
    landed = await table.alice.select(fired.response, ["u3"])
    with speaking(lang):
        undone = await table.alice.slash(table.channel, "game undo")
    assert words["undone"] in shown(undone)
    assert await state_of(simcord_env, table.channel) == before  # the shot and the hits
    # the one reply struck out, its buttons gone
    assert labels(landed.response) == [] and "~~" in landed.response.embeds[0].title
    await table.alice.slash(table.channel, "game undo")  # the next step: the weapons given
    assert (await state_of(simcord_env, table.channel)).units["u1"].weapons == []


@pytest.mark.parametrize("lang", LANGS)
async def test_a_template_is_resolved_once(simcord_env, table, dice, lang):
    """With more units than the reply's menu holds: 💥 and its menu, as before; resolved, or
    its shot undone, the menu shown before is refused."""
    words = WORDS[lang]
    await ready(table)
    await crowded(table)
    dice.script(*DRIFTS)
    fired = await drift_shot(table)
    assert menus(fired.response) == []
    asked = await table.alice.click(fired.response, label=WORDS["en"]["button"])
    dice.script(*LANDS)
    await table.alice.select(asked.response, ["u3"])
    rolled = len(dice.rolled)
    with speaking(lang):
        await refused(
            simcord_env,
            table,
            table.alice,
            words["resolved"],
            lambda: table.alice.click(fired.response, label=WORDS["en"]["button"]),
        )
        await refused(  # the menu shown before, chosen again
            simcord_env,
            table,
            table.alice,
            words["resolved"],
            lambda: table.alice.select(asked.response, ["u2"]),
        )
    assert len(dice.rolled) == rolled
    await table.alice.slash(table.channel, "game undo")  # the shot and its hits
    with speaking(lang):
        await refused(
            simcord_env,
            table,
            table.alice,
            words["was_undone"],
            lambda: table.alice.select(asked.response, ["u2"]),
        )


@pytest.mark.parametrize("lang", LANGS)
async def test_only_the_shooters_owner_the_host_or_a_gm_resolves(simcord_env, table, dice, lang):
    words = WORDS[lang]
    dice.script(*DRIFTS)
    fired = await launcher(table)
    with speaking(lang):
        for value in ("u3", "-"):  # a unit, or No unit: Bob's refused, the menu stays
            await refused(
                simcord_env,
                table,
                table.bob,
                words["not_yours"],
                lambda value=value: table.bob.select(fired.response, [value]),
            )
    assert menu_of(fired.response)
    dice.script(*LANDS)
    landed = await table.admin.select(fired.response, ["u3"])  # a GM
    assert not landed.ephemeral and "**Bruisers**: models 5 → **4**." in shown(landed)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_menu_is_refused_once_the_game_moved_on(simcord_env, table, dice, lang):
    """The hits join their shot in the log: nothing may come between them."""
    words = WORDS[lang]
    dice.script(*DRIFTS)
    fired = await launcher(table)
    await table.bob.slash(table.channel, "pins add", unit="Gangers")
    with speaking(lang):
        for value in ("u3", "-"):
            await refused(
                simcord_env,
                table,
                table.alice,
                words["moved_on"],
                lambda value=value: table.alice.select(fired.response, [value]),
            )
    await table.bob.slash(table.channel, "game undo")  # the pin undone: right after again
    dice.script(*LANDS)
    landed = await table.alice.select(fired.response, ["u3"])
    assert "**Bruisers**: models 5 → **4**." in shown(landed)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_activation_card_shows_where_the_template_landed(simcord_env, table, dice, lang):
    """On the card (issue 31 §2): its die taken, Fire, the form; the shot's drifted template
    has its menu on the card; the pick edits the card, the hits below the shot, the menu
    gone and ✅ Done kept where it was."""
    words = WORDS[lang]
    await armies(table, activations="strict")
    await table.bob.slash(table.channel, "unit add", name="Bruisers", models=5, res=7, co=8)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons="X-Launcher x1")
    with speaking(lang):
        card = (await table.alice.slash(table.channel, "bag take", unit="Troopers")).response
        form = await table.alice.click(card, label="Feu" if lang == "fr" else "Fire")
        dice.script(*DRIFTS)
        shot = await table.alice.submit_modal(form, {"target": ["u2"], "distance": "20"})
        assert shot.response.id == card.id
        assert words["hint"] in tokens(card_text(card))
        assert [m["placeholder"] for m in menus(card)] == [words["menu"]]
        assert select_values(card) == ["u2", "u1", "u3", "-"]
        buttons = labels(card)
        dice.script(*LANDS)
        landed = await table.alice.select(card, ["u3"])
    dice.assert_used()
    assert not landed.ephemeral and landed.response.id == card.id
    assert menus(card) == [] and labels(card) == buttons
    assert words["hint"] not in tokens(card_text(card))  # nothing is left to pick
    assert card_shot(card, 0)[0].startswith("🎯 X-Launcher")  # the shot, then its template
    title, story = card_shot(card, 1)
    assert title == words["title"]
    for line in words["story"][1:]:
        assert line in story, story
    assert faces(story) == list(LANDS)
    state = await state_of(simcord_env, table.channel)
    assert (state.units["u3"].models, state.units["u3"].pins) == (5 - 1, 1)


async def test_a_typed_shot_keeps_draw_next_where_it_was(simcord_env, table, dice):
    """In a strict game, the typed shot's reply carries 🎲 Draw next (its one weapon fired);
    the pick edits that reply and 🎲 stays on it, and draws as ever."""
    await armies(table, activations="strict")
    await table.bob.slash(table.channel, "unit add", name="Bruisers", models=5, res=7, co=8)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons="X-Launcher x1")
    await table.alice.slash(table.channel, "bag take", unit="Troopers")
    await table.alice.slash(table.channel, "order", unit="Troopers", order="fire")
    dice.script(*DRIFTS)
    fired = await drift_shot(table)
    buttons = labels(fired.response)
    assert buttons == ["Shoot again", "Draw next"], buttons  # its one weapon fired
    dice.script(*LANDS)
    landed = await table.alice.select(fired.response, ["u3"])
    assert landed.response.id == fired.response.id and labels(landed.response) == buttons
    assert menus(landed.response) == []
    dice.script(1)
    drawn = await table.bob.click(fired.response, label="Draw next")
    assert not drawn.ephemeral, drawn.response.content
    assert labels(fired.response) == ["Shoot again"]  # 🎲 went on to the new card


# ---------------------------------------------------------------- rules, what has no menu


async def test_both_templates_of_a_mag_mortar_one_on_its_own_team(simcord_env, table, dice):
    """Seeds "SPx2": a Mag Mortar places two templates (heavy: no Fire +1; Blast D10, SV 3).
    Both drift; the first lands on the team itself and destroys it, the second is still the
    shot's to resolve (its menu stays); one undo takes the shot and both back."""
    await armies(table)
    await table.alice.slash(
        table.channel,
        "unit add",
        name="Mortar",
        models=1,
        acc=5,
        res=6,
        co=8,
        weapons="Mag Mortar",
    )
    before = await state_of(simcord_env, table.channel)
    dice.script(7, 8, 2, 3, 4, 9)  # Acc 3: both miss; drifts D5 2 toward 3, D5 4 toward 9
    fired = await shoot(table.alice, table.channel, shooter="Mortar", target="Gangers", distance=20)
    assert labels(fired.response) == ["Shoot again"]
    first, second = (
        f"antares:driftl:{m['custom_id'].split(':', 2)[2]}" for m in menus(fired.response)
    )
    assert [m["placeholder"] for m in menus(fired.response)] == [
        "Where did template 1 land?",
        "Where did template 2 land?",
    ]
    dice.script(1, 9)  # D10 1: one hit; Res 6 − SV 3 = 3: 9 fails
    own = await table.alice.select(fired.response, ["u3"], custom_id=first)
    assert "☠️ **Mortar** is destroyed." in shown(own)
    assert [m["custom_id"] for m in menus(own.response)] == [second]
    dice.script(2, 1, 2)  # D10 2: two hits; 1 and 2 pass
    landed = await table.alice.select(fired.response, ["u2"], custom_id=second)
    assert "**Gangers**: pins 0 → **1**." in shown(landed) and menus(landed.response) == []
    assert len(landed.response.embeds) == 3  # the shot, then each template's story
    dice.assert_used()
    undone = await table.alice.slash(table.channel, "game undo")
    assert "↩️ Undone (3)" in shown(undone)
    assert await state_of(simcord_env, table.channel) == before


@pytest.mark.parametrize("launchers", [3, 4])
async def test_a_menu_per_template_up_to_three_then_buttons(simcord_env, table, dice, launchers):
    """A menu fills a row of the reply (five rows): three drifted templates get three menus,
    four get 💥 buttons, one per template, each asking in a message of its own."""
    await ready(table)
    weapons = f"X-Launcher x{launchers}"
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons=weapons)
    dice.script(*[7] * launchers, *[3, 4] * launchers)  # every Acc test misses; 3" toward 4
    fired = await drift_shot(table)
    dice.assert_used()
    drifted = [f"Template {n} drifted: resolve its hits" for n in range(1, launchers + 1)]
    if launchers == 3:
        assert len(menus(fired.response)) == 3 and labels(fired.response) == ["Shoot again"]
        return
    assert menus(fired.response) == [] and labels(fired.response) == ["Shoot again", *drifted]
    asked = await table.alice.click(fired.response, label=drifted[3])
    assert asked.ephemeral and select_values(asked.response) == ["u2", "u1", "u3"]


async def test_a_down_unit_under_the_template_halves_its_hits(simcord_env, table, dice):
    """Seed 000 "TIR EN SURPLOMB (SP)": blast hits on a Down unit are halved, rounding down."""
    await ready(table)
    await table.bob.slash(table.channel, "bag take", unit="Bruisers")
    down = await table.bob.slash(table.channel, "order", unit="Bruisers", order="down")
    assert not down.ephemeral, down.response.content
    dice.script(*DRIFTS)
    fired = await drift_shot(table)
    dice.script(5, 9, 1)  # D5 5, halved: 2 hits; Res 7 − SV 1 = 6: 9 fails, 1 passes
    landed = await table.alice.select(fired.response, ["u3"])
    story = landed.response.embeds[1].description
    assert "→ D5 `5` = **5** hits (halved: target Down, running or sprinting → **2**)" in story
    assert "Res tests: `9`❌ `1`✅" in story
    assert faces(story) == [5, 9, 1]
    dice.assert_used()


async def test_marker_ammo_and_untracked_shots_have_no_drift_menu(simcord_env, table, dice):
    """Marker ammo's marker is placed where it drifted (seed 000 "MUNITIONS SPÉCIALES"):
    nothing left for a menu; an untracked shot changes no unit."""
    dice.script(*DRIFTS)
    fired = await launcher(table, ammo="blur")
    assert '📍 Blur marker (template 1) lands **3" away**' in shown(fired)
    assert labels(fired.response) == ["Shoot again"] and menus(fired.response) == []
    dice.script(*DRIFTS)
    untracked = await shoot(
        table.alice, table.channel, weapon="x-launcher", models=1, acc=5, res=6, distance=20
    )
    assert labels(untracked.response) == [] and "💥" not in shown(untracked)
    assert menus(untracked.response) == []


# ---------------------------------------------------------------- a restart, many units


async def test_the_menu_works_after_a_restart(simcord_env, table, dice, make_bot):
    await ready(table)
    dice.script(*DRIFTS)
    fired = await drift_shot(table)
    await restart(simcord_env, make_bot)
    dice.script(*LANDS)
    with french():
        landed = await table.alice.select(fired.response, ["u3"])
    assert landed.response.id == fired.response.id and menus(landed.response) == []
    assert landed.response.embeds[1].title == WORDS["fr"]["title"]
    dice.assert_used()


async def test_every_drift_step_works_after_a_restart(simcord_env, table, dice, make_bot):
    await ready(table)
    await crowded(table, 25)  # 28 living units: 💥, and two pages
    dice.script(*DRIFTS)
    fired = await drift_shot(table)
    await restart(simcord_env, make_bot)
    asked = await table.alice.click(fired.response, label=WORDS["en"]["button"])
    assert len(select_values(asked.response)) == 25
    assert "Units 1–25 of 28: ◀ ▶ for the others." in asked.response.content
    await restart(simcord_env, make_bot)
    with french():
        await table.alice.click(asked.response, label="▶")
    assert select_values(asked.response) == ["u26", "u27", "u28"]
    assert "Unités 26 à 28 sur 28" in asked.response.content
    await restart(simcord_env, make_bot)
    dice.script(1, 4)  # D5 1: one hit on Squad 24 (Res 5 − SV 1 = 4): 4 passes
    landed = await table.alice.select(asked.response, ["u28"])
    assert not landed.ephemeral and "Res tests: `4`✅" in shown(landed)
    dice.assert_used()

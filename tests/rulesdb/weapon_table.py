"""The three armoury weapon tables, transcribed by hand from the seeds (HTML removed).

One tuple per table row: (seed, "Weapon" or "Weapon - Mode", effective, long, extreme,
strike value, special rules), cells exactly as printed. 000 prints "—" for no rule, 002
and 003 "–"; 002 prints the IMTel Stave's missing bands as "-".
"""

from __future__ import annotations

from tests.rulesdb.seed_text import ALGORYN as A
from tests.rulesdb.seed_text import BOROMITE as B
from tests.rulesdb.seed_text import ISORIAN as I  # noqa: E741

H2H = "Combat au corps-à-corps uniquement"

# 000_7379b91c3c19a6a0.txt, "THE BOROMITE GUILDS (LES GUILDES BOROMITES)": 23 rows
BOROMITE_ROWS = [
    (B, "Mag Pistol", '10"', '20"', '30"', "1", "—"),
    (B, "Mag Gun", '20"', '30"', '60"', "1", "—"),
    (B, "Mag Light Support", '30"', '50"', '100"', "2", "TR3"),
    (B, "Mag Heavy Support", '30"', '50"', '100"', "3", "TR5"),
    (B, "Mag Cannon", '30"', '50"', '100"', "5", "Dégâts Massifs"),
    (B, "Heavy Mag Cannon", '30"', '100"', '250"', "6", "Dégâts Massifs"),
    (B, "Mag Mortar", '10-30"', '40"', '50"', "3", "SPx2, Déflagration D10, Pas de Couvert"),
    (B, "X-Launcher", '10-30"', '60"', '120"', "1", "SP, Déflagration D5, Pas de Couvert"),
    (B, "X-Howitzer", '10-50"', '100"', '250"', "2", "SP, Déflagration D10, Pas de Couvert"),
    (B, "Plasma Carbine - Tir Unique", '20"', '30"', '50"', "2", "—"),
    (B, "Plasma Carbine - Dispersion", '20"', '30"', "Aucune", "0", "TR2"),
    (B, "Plasma Light Support", '30"', '40"', '80"', "3", "TR3"),
    (B, "Plasma Cannon", '30"', '40"', '80"', "6", "Panne de Plasma"),
    (
        B,
        "Compression Bombard",
        '10-50"',
        '100"',
        '150"',
        "9/7/5",
        "Compresseur, Pas de Couvert, Cycle",
    ),
    (B, "Tractor Maul", H2H, "", "", "1", "2 attaques"),
    (B, "Heavy Tractor Maul", '10"', "Aucune", "Aucune", "1", "2 attaques"),
    (B, "Mass Compactor", '10"', '20"', '30"', "3/2/1", "Compresseur, Pas de Couvert"),
    (B, "Frag Borer", '20"', '30"', '60"', "3+1 max 10", "Verrouillage Fractal"),
    (B, "Heavy Frag Borer", '20"', '30"', '60"', "6+1 max 10", "Verrouillage Fractal"),
    (B, "Plasma Grenades", '5"', "Aucune", "Aucune", "1", "—"),
    (B, "Implosion Grenades", '5"', "Aucune", "Aucune", "2", "Dangereux CàC"),
    (B, "Lectro Lash", H2H, "", "", "1", "3 attaques"),
    (B, "Lectro Lance", H2H, "", "", "2", "—"),
]

# 002_01c935eeb5934418.txt, "THE ISORIAN SHARD (LE FRAGMENT ISORIEN)": 27 rows
ISORIAN_ROWS = [
    (I, "Plasma Pistol", '10"', '20"', '30"', "2", "–"),
    (I, "Plasma Carbine - Dispersion", '20"', '30"', "Aucune", "0", "TR2"),
    (I, "Plasma Carbine - Tir Unique", '20"', '30"', '50"', "2", "–"),
    (I, "Plasma Lance - Dispersion", '20"', '30"', "Aucune", "0", "TR2"),
    (I, "Plasma Lance - Tir Unique", '20"', '30"', '50"', "2", "–"),
    (
        I,
        "Plasma Lance - Lance",
        '20"',
        '30"',
        "Aucune",
        "4",
        "Choisir la Cible, Imprécis, Démolition (m)",
    ),
    (I, "Plasma Duocarb - Dispersion", '20"', '30"', "Aucune", "0", "TR3"),
    (I, "Plasma Duocarb - Tir Unique", '20"', '30"', '50"', "3", "–"),
    (I, "Plasma Light Support", '30"', '40"', '80"', "3", "TR3"),
    (I, "Plasma Cannon", '30"', '40"', '80"', "6", "Panne de Plasma"),
    (I, "Plasma Bombard", '50"', '100"', '200"', "7", "Panne de Plasma"),
    (I, "Phase Rifle", '20"', '30"', '100"', "2", "Pas de Couvert, TR D6 (Fire), Tir Concentré"),
    (I, "Phase-shift Projector", '20"', '30"', '50"', "2", "TR2, Synchronisation de Phase"),
    (I, "X-Sling", '10"', '20"', "Aucune", "0", "Déflagration D3"),
    (I, "X-Launcher", '10-30"', '60"', '120"', "1", "SP, Déflagration D5, Pas de Couvert"),
    (I, "X-Howitzer", '10-50"', '100"', '250"', "2", "SP, Déflagration D10, Pas de Couvert"),
    (I, "Compressor Torus - Tir", '10"', '20"', '30"', "3/2/0", "Compresseur, Pas de Couvert"),
    (I, "Compressor Torus - Corps-à-Corps", H2H, "", "", "3", "Onde de Choc (3 Attaques)"),
    (
        I,
        "Compression Cannon",
        '10-30"',
        '40"',
        '80"',
        "7/4/2",
        "Compresseur, Pas de Couvert, Cycle",
    ),
    (
        I,
        "Compression Bombard",
        '10-50"',
        '100"',
        '150"',
        "9/7/5",
        "Compresseur, Pas de Couvert, Cycle",
    ),
    (I, "Fractal Cannon", '30"', '40"', '80"', "2+1 max 10", "Verrouillage Fractal, Démolition"),
    (I, "Fractal Bombard", '50"', '100"', '200"', "3+2 max 10", "Verrouillage Fractal, Démolition"),
    (I, "Mag Mortar", '10-30"', '40"', '50"', "3", "SPx2, Déflagration D10, Pas de Couvert"),
    (I, "Plasma Grenades", '5"', "Aucune", "Aucune", "1", "–"),
    (I, "Sensor Module", '30"', '50"', '100"', "NA", "Détecteur de Cible, Pas de Stress"),
    (I, "IMTel Stave - Standard", '10"', "-", "-", "3", "3 Attaques"),
    (
        I,
        "IMTel Stave - Nano Drones Boost",
        '20"',
        "-",
        "-",
        "6",
        "3 Attaques, Déflagration D3, Épuisé",
    ),
]

# 003_acad1687ef8cd71e.txt, "THE ALGORYN PROSPERATE (LA PROSPÉRITÉ ALGORYNE)": 25 rows
ALGORYN_ROWS = [
    (A, "Mag Pistol", '10"', '20"', '30"', "1", "–"),
    (A, "Mag Gun", '20"', '30"', '60"', "1", "–"),
    (A, "Mag Repeater", '20"', '30"', "Aucune", "0", "TR2"),
    (A, "Mag Light Support", '30"', '50"', '100"', "2", "TR3"),
    (A, "Mag Heavy Support", '30"', '50"', '100"', "3", "TR5"),
    (A, "Mag Cannon", '30"', '50"', '100"', "5", "Dégâts Massifs"),
    (A, "Heavy Mag Cannon", '30"', '100"', '250"', "6", "Dégâts Massifs"),
    (A, "Mag Mortar", '10-30"', '40"', '50"', "3", "SPx2, Déflagration D10, Pas de Couvert"),
    (A, "X-Sling", '10"', '20"', "Aucune", "0", "Déflagration D3"),
    (A, "Micro-X Launcher - Tir Direct", '20"', '30"', "Aucune", "1", "–"),
    (
        A,
        "Micro-X Launcher - Surplomb",
        '10-20"',
        '30"',
        '50"',
        "0",
        "SP, Déflagration D4, Pas de Couvert",
    ),
    (A, "X-Launcher", '10-30"', '60"', '120"', "1", "SP, Déflagration D5, Pas de Couvert"),
    (A, "X-Howitzer", '10-50"', '100"', '250"', "2", "SP, Déflagration D10, Pas de Couvert"),
    (A, "Plasma Carbine - Dispersion", '20"', '30"', "Aucune", "0", "TR2"),
    (A, "Plasma Carbine - Tir Unique", '20"', '30"', '50"', "2", "–"),
    (A, "Plasma Light Support", '30"', '40"', '80"', "3", "TR3"),
    (A, "Plasma Cannon", '30"', '40"', '80"', "6", "Panne de Plasma"),
    (A, "Plasma Bombard", '50"', '100"', '200"', "7", "Panne de Plasma"),
    (A, "Fractal Cannon", '30"', '40"', '80"', "2+1 max 10", "Démolition, Verrouillage Fractal"),
    (A, "Fractal Bombard", '50"', '100"', '200"', "3+2 max 10", "Démolition, Verrouillage Fractal"),
    (
        A,
        "Compression Cannon",
        '10-30"',
        '40"',
        '80"',
        "7/4/2",
        "Compresseur, Pas de Couvert, Cycle",
    ),
    (
        A,
        "Compression Bombard",
        '10-50"',
        '100"',
        '150"',
        "9/7/5",
        "Compresseur, Pas de Couvert, Cycle",
    ),
    (A, "D-Spinner", H2H, "", "", "Variable", "2 attaques, Rés/ Impact Variable, Grenade"),
    (A, "Plasma Grenades", '5"', "Aucune", "Aucune", "1", "–"),
    (A, "Solar Charges", '5"', "Aucune", "Aucune", "1", "Déflagration D3, Dangereux CàC"),
]

ALL_ROWS = BOROMITE_ROWS + ISORIAN_ROWS + ALGORYN_ROWS

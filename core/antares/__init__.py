"""Beyond the Gates of Antares: the game record (``game``), the order-dice bag and turn,
units and their orders, pins, shooting and close combat, odds, rosters and table markers.

Imports ``core.common`` and nothing from the other systems' packages except the part each
system keeps in the game record (``core.epic.state``).
"""

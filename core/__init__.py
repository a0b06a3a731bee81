"""The rules core: pure, synchronous and deterministic given a dice source.

Nothing here does I/O or knows about Discord, databases or the layers above.
Results are data (every die rolled, every modifier); rendering is the cogs' job.
"""

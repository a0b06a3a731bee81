"""What every game system's core shares: dice, errors, names and words, dice notation,
growth limits, and campaigns (which count the battles of any system)."""

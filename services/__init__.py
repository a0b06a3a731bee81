"""Use cases: load state, check permissions, call the core, append the event, save.

One transaction per change."""

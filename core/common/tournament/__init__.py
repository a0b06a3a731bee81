"""Club events (issue 35), called "tournament" here since "event" names a game's log: the
event's record, registration, lists, Swiss pairing, standings and per-event faction table."""

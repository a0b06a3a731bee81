-- Games played over days (issue 33): timers that survive restarts, each game's pace (its
-- reminders, its chess clock, who it waits for and since when, turn times), and each
-- member's away period and quiet hours.
--
-- A timer fires once: a process claims the due ones in a transaction (SQLite: BEGIN
-- IMMEDIATE; PostgreSQL: FOR UPDATE SKIP LOCKED), moving `due_at` to the end of its lease,
-- and deletes it once delivered; a process that stopped mid-delivery leaves it to the next
-- claim once the lease is over. `subject` names what it waits for: one timer per subject,
-- replaced when scheduled again, deleted when what it waited for happened.
CREATE TABLE timers (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    subject     TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    guild_id    INTEGER,
    channel_id  INTEGER,
    game_id     INTEGER REFERENCES games (id) ON DELETE CASCADE,
    due_at      TEXT    NOT NULL,
    payload     TEXT    NOT NULL,
    claimed_by  TEXT,
    attempts    INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL
);
CREATE UNIQUE INDEX timers_by_subject ON timers (subject);
CREATE INDEX timers_by_due ON timers (due_at);
CREATE INDEX timers_by_game ON timers (game_id, kind);
CREATE INDEX timers_by_guild ON timers (guild_id);

-- A game's pace (JSON, core.antares.pace): kept beside its state, so that undo never winds a
-- clock back nor forgets a turn time.
CREATE TABLE game_pace (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    data        TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 1,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX game_pace_by_guild ON game_pace (guild_id);

-- A member's away period and quiet hours (theirs on every server: `/me`): reminders wait.
-- Hours of the day at `utc_offset` minutes from UTC; `quiet_from` = `quiet_to`: none.
CREATE TABLE member_hours (
    user_id     INTEGER PRIMARY KEY,
    away_until  TEXT,
    quiet_from  INTEGER,
    quiet_to    INTEGER,
    utc_offset  INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT    NOT NULL
);

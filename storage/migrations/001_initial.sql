-- Games: one running game per channel (or thread); ended games stay, read-only.
CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER,
    channel_id      INTEGER NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('running', 'ended')),
    state           TEXT    NOT NULL,
    schema_version  INTEGER NOT NULL,
    version         INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL
);
CREATE UNIQUE INDEX games_one_running_per_channel ON games (channel_id) WHERE status = 'running';
CREATE INDEX games_by_guild ON games (guild_id);

-- The append-only game log: who did what, with every die; undo marks, never deletes.
CREATE TABLE game_events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       INTEGER NOT NULL REFERENCES games (id),
    seq           INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    actor_id      INTEGER,
    created_at    TEXT    NOT NULL,
    payload       TEXT    NOT NULL,
    state_before  BLOB,
    undone        INTEGER NOT NULL DEFAULT 0,
    UNIQUE (game_id, seq)
);

-- Per-server settings (language, game-master role, ruleset overrides...) as JSON.
CREATE TABLE guild_settings (
    guild_id    INTEGER PRIMARY KEY,
    settings    TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);

-- Interactions already applied: a replayed interaction id changes nothing.
CREATE TABLE processed_interactions (
    interaction_id  INTEGER PRIMARY KEY,
    channel_id      INTEGER,
    processed_at    TEXT    NOT NULL
);

-- Small facts the bot keeps about itself (e.g. the hash of the last synced command set).
CREATE TABLE bot_meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);

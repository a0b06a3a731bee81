-- Club events (issue 35; "tournaments" here, since "events" are a game's log). One row per
-- event of a server: its record (JSON, core.common.tournament.model) changed with
-- `version = version + 1`, and each player's submitted army list, stored as the bytes sent
-- (a locked list is byte-identical to what was submitted) with their SHA-256.
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 1,
    created_by  INTEGER NOT NULL,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE UNIQUE INDEX tournaments_by_name ON tournaments (guild_id, name_key);

CREATE TABLE tournament_lists (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    filename      TEXT    NOT NULL,
    submitted     BLOB    NOT NULL,
    army          TEXT    NOT NULL,
    digest        TEXT    NOT NULL,
    submitted_at  TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

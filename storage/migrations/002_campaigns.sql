-- Campaigns: several per server, names unique per server (case-insensitive).
CREATE TABLE campaigns (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    description  TEXT,
    points_win   INTEGER NOT NULL,
    points_draw  INTEGER NOT NULL,
    points_loss  INTEGER NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'archived')),
    created_by   INTEGER NOT NULL,
    created_at   TEXT    NOT NULL,
    archived_by  INTEGER,
    archived_at  TEXT
);
CREATE UNIQUE INDEX campaigns_name_per_guild ON campaigns (guild_id, name COLLATE NOCASE);

-- The server's current campaign (the one commands use when none is named).
CREATE TABLE current_campaigns (
    guild_id     INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns (id)
);

-- Players (faction, army) and organisers of a campaign; a player who leaves stays, not playing.
CREATE TABLE campaign_members (
    campaign_id  INTEGER NOT NULL REFERENCES campaigns (id),
    user_id      INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    faction      TEXT,
    army         TEXT,
    player       INTEGER NOT NULL DEFAULT 0,
    organiser    INTEGER NOT NULL DEFAULT 0,
    joined_at    TEXT    NOT NULL,
    PRIMARY KEY (campaign_id, user_id)
);

-- Battles, numbered per campaign; corrected and deleted ones stay, marked.
CREATE TABLE campaign_battles (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id   INTEGER NOT NULL REFERENCES campaigns (id),
    seq           INTEGER NOT NULL,
    played_at     TEXT    NOT NULL,
    source        TEXT    NOT NULL CHECK (source IN ('manual', 'game')),
    scenario      TEXT,
    notes         TEXT,
    winner_id     INTEGER,
    turns         INTEGER,
    channel_link  TEXT,
    game_id       INTEGER,
    status        TEXT    NOT NULL DEFAULT 'recorded'
                  CHECK (status IN ('recorded', 'corrected', 'deleted')),
    recorded_by   INTEGER NOT NULL,
    recorded_at   TEXT    NOT NULL,
    changed_by    INTEGER,
    changed_at    TEXT,
    UNIQUE (campaign_id, seq)
);
CREATE UNIQUE INDEX campaign_battles_one_per_game ON campaign_battles (campaign_id, game_id)
    WHERE game_id IS NOT NULL;

-- The two sides of a battle (side 0 and 1, in the order they were given).
CREATE TABLE campaign_battle_sides (
    battle_id   INTEGER NOT NULL REFERENCES campaign_battles (id),
    side        INTEGER NOT NULL CHECK (side IN (0, 1)),
    user_id     INTEGER NOT NULL,
    faction     TEXT,
    army        TEXT,
    vp          INTEGER,
    casualties  INTEGER,
    stats       TEXT,
    PRIMARY KEY (battle_id, side),
    UNIQUE (battle_id, user_id)
);

-- Append-only: each correction or deletion, who made it, when, and the battle before it.
CREATE TABLE campaign_battle_changes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    battle_id  INTEGER NOT NULL REFERENCES campaign_battles (id),
    action     TEXT    NOT NULL CHECK (action IN ('corrected', 'deleted')),
    actor_id   INTEGER NOT NULL,
    at         TEXT    NOT NULL,
    before     TEXT    NOT NULL
);

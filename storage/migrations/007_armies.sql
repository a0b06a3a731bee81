-- Saved armies (issue 18, army import): one row per army a member imported on a server.
-- Looked up by (guild, owner, name key) only: the unique index serves every query
-- (a member's list, one army, a server's export and deletion, a member forgotten).
CREATE TABLE armies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    owner_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    campaign_id INTEGER,
    data TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE UNIQUE INDEX armies_by_owner ON armies (guild_id, owner_id, name_key);

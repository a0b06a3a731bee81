-- PostgreSQL twin of ../004_privacy.sql.

-- Servers the bot is in or has left (issue 23, "Data retention"): a server the bot leaves is
-- marked (left_at) and its data deleted after a grace period, unless the bot comes back,
-- which clears the mark. A server whose data is deleted leaves this table too.
CREATE TABLE guilds (
    guild_id  BIGINT PRIMARY KEY,
    left_at   TIMESTAMPTZ
);
CREATE INDEX guilds_by_left_at ON guilds (left_at) WHERE left_at IS NOT NULL;

-- Every server that already holds data is known (none is marked: the bot is there).
INSERT INTO guilds (guild_id)
    SELECT guild_id FROM games WHERE guild_id IS NOT NULL
    UNION SELECT guild_id FROM guild_settings
    UNION SELECT guild_id FROM campaigns;

-- Deleting a server's data reaches each battle's change log through its battle.
CREATE INDEX campaign_battle_changes_by_battle ON campaign_battle_changes (battle_id);

-- PostgreSQL twin of ../004_growth.sql (games_by_channel exists since 001 here).

-- A server's running games (`running_games`), without reading its ended ones.
CREATE INDEX games_running_by_guild ON games (guild_id, id) WHERE status = 'running';

-- The events that still hold an undo snapshot (at most the last UNDO_STEPS of a game's live
-- events): found, and dropped as new events come, without reading the rest of the log.
CREATE INDEX game_events_with_snapshot ON game_events (game_id, seq)
    WHERE state_before IS NOT NULL;

-- Processed interactions are forgotten after a day, oldest first.
CREATE INDEX processed_interactions_by_time ON processed_interactions (processed_at);

-- A battle's corrections and deletions (`battle_changes`).
CREATE INDEX IF NOT EXISTS campaign_battle_changes_by_battle
    ON campaign_battle_changes (battle_id);

-- Snapshots nothing can use any more: those of undone events and of ended games.
UPDATE game_events SET state_before = NULL
    WHERE state_before IS NOT NULL
    AND (undone OR game_id IN (SELECT id FROM games WHERE status = 'ended'));

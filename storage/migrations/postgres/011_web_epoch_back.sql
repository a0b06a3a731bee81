-- PostgreSQL twin of ../011_web_epoch_back.sql: the web links' epoch that migration 008 left
-- in each game's state, read back where it is still there (issue 34); a later one is kept.
INSERT INTO game_messages (game_id, web_epoch)
SELECT id, epoch
FROM (
    SELECT id, (state::JSONB -> 'messages' ->> 'web_epoch')::BIGINT AS epoch
    FROM games WHERE state LIKE '%"web_epoch"%'
) AS stored
WHERE epoch > 0
ON CONFLICT (game_id) DO UPDATE SET web_epoch = EXCLUDED.web_epoch
WHERE game_messages.web_epoch < EXCLUDED.web_epoch;

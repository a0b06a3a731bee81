-- The web links' epoch of the games whose database ran migration 008 before it carried that
-- epoch (issue 34): 008 moved Draw next and the board out of each game's state but left the
-- epoch behind, so every game's read 0 again and a link revoked with /game web revoke opened
-- again. Read back from the state wherever it is still there (a game saved since has dropped
-- its old copy: nothing to read); an epoch moved on since is kept.
INSERT INTO game_messages (game_id, web_epoch)
SELECT id, json_extract(state, '$.messages.web_epoch')
FROM games
WHERE json_valid(state) AND json_extract(state, '$.messages.web_epoch') > 0
ON CONFLICT (game_id) DO UPDATE SET web_epoch = excluded.web_epoch
WHERE game_messages.web_epoch < excluded.web_epoch;

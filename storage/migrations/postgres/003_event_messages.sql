-- The Discord message that shows an event (so undo can point at it).
ALTER TABLE game_events ADD COLUMN message_id BIGINT;

-- The channel message that showed each event (NULL: none, or not public), so an undo can
-- edit it: struck through, its buttons removed (issue 22).
ALTER TABLE game_events ADD COLUMN message_id INTEGER;

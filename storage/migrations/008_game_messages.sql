-- Where the bot's messages of a game sit (issue 31): 🎲 Draw next (the message that carries
-- it, and its other components to keep when the button leaves it) and the live board. The
-- Discord layer's bookkeeping, beside the game's state rather than inside it: moving the
-- button or finding the board reads and parses no state. A game without a row has the
-- defaults (nothing posted).
CREATE TABLE game_messages (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id),
    draw           INTEGER,
    draw_keep      TEXT,
    board          INTEGER NOT NULL DEFAULT 0,
    board_message  INTEGER,
    board_pinned   INTEGER NOT NULL DEFAULT 0,
    board_lang     TEXT    NOT NULL DEFAULT 'en',
    -- the epoch of the game's web links (issue 34): /game web revoke moves it on
    web_epoch      INTEGER NOT NULL DEFAULT 0
);

-- The games stored before kept them in their state (`messages`), read here once; the state
-- keeps the old copy, which nothing reads any more, until its next save drops it. A message
-- that carried Draw next alone keeps no other component ('[]'); otherwise they are unknown
-- (NULL: read from the message when the button leaves it).
INSERT INTO game_messages (
    game_id, draw, draw_keep, board, board_message, board_pinned, board_lang, web_epoch
)
SELECT
    id,
    json_extract(state, '$.messages.draw'),
    CASE WHEN json_extract(state, '$.messages.draw_alone') THEN '[]' END,
    COALESCE(json_extract(state, '$.messages.board'), 0),
    json_extract(state, '$.messages.board_message'),
    COALESCE(json_extract(state, '$.messages.board_pinned'), 0),
    COALESCE(json_extract(state, '$.messages.board_lang'), 'en'),
    COALESCE(json_extract(state, '$.messages.web_epoch'), 0)
FROM games
WHERE json_valid(state) AND json_type(state, '$.messages') = 'object';

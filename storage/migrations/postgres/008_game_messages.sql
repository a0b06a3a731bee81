-- PostgreSQL twin of ../008_game_messages.sql: where the bot's messages of a game sit
-- (issue 31), beside the game's state rather than inside it.
CREATE TABLE game_messages (
    game_id        BIGINT  PRIMARY KEY REFERENCES games (id),
    draw           BIGINT,
    draw_keep      TEXT,
    board          BOOLEAN NOT NULL DEFAULT FALSE,
    board_message  BIGINT,
    board_pinned   BOOLEAN NOT NULL DEFAULT FALSE,
    board_lang     TEXT    NOT NULL DEFAULT 'en',
    -- the epoch of the game's web links (issue 34): /game web revoke moves it on
    web_epoch      BIGINT  NOT NULL DEFAULT 0
);

-- The games stored before kept them in their state (`messages`), read here once.
INSERT INTO game_messages (
    game_id, draw, draw_keep, board, board_message, board_pinned, board_lang, web_epoch
)
SELECT
    id,
    (m ->> 'draw')::BIGINT,
    CASE WHEN (m ->> 'draw_alone')::BOOLEAN THEN '[]' END,
    COALESCE((m ->> 'board')::BOOLEAN, FALSE),
    (m ->> 'board_message')::BIGINT,
    COALESCE((m ->> 'board_pinned')::BOOLEAN, FALSE),
    COALESCE(m ->> 'board_lang', 'en'),
    COALESCE((m ->> 'web_epoch')::BIGINT, 0)
FROM (
    SELECT id, state::JSONB -> 'messages' AS m FROM games WHERE state LIKE '%"messages"%'
) AS stored
WHERE jsonb_typeof(m) = 'object';

-- PostgreSQL twin of ../007_armies.sql: saved armies (issue 18).
CREATE TABLE armies (
    id BIGSERIAL PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    owner_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    campaign_id BIGINT,
    data TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE UNIQUE INDEX armies_by_owner ON armies (guild_id, owner_id, name_key);

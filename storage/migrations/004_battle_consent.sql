-- Consent to a campaign battle (issue 23): each side says whether its player confirmed the
-- result. A battle with a side not confirmed is pending: listed, not in the standings.
-- Battles recorded before consent existed count as they did.
ALTER TABLE campaign_battle_sides ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 1;

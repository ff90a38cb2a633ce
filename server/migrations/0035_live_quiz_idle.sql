-- Live quiz lobbies close when idle (issue 26, finding 2). active_at: the last time something happened in a
-- session (hosted, a player joined, the host moved it on, an answer); a lobby quiet for
-- LIVE_LOBBY_IDLE_MINUTES is closed by the next join or host call (status 'finished', expired_at set), so its
-- PIN stops answering and can be drawn again. Phones and the host screen read such a lobby as closed at once.
ALTER TABLE game_live_sessions ADD COLUMN active_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE game_live_sessions ADD COLUMN expired_at BIGINT;
UPDATE game_live_sessions SET active_at = COALESCE(closed_at, issued_at, created_at);
CREATE INDEX game_live_sessions_idle_lobbies ON game_live_sessions(active_at) WHERE status = 'lobby';

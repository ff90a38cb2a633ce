-- Video lessons complete on time really watched, not on a percent a client claims.
-- media.duration_ms: read from the MP4/QuickTime file's own header at upload (NULL when it states none).
-- learning_progress.watched_ms: playback time the server has seen advance, report by report (each report
-- counts at most the wall-clock time and the media time since the previous one).
ALTER TABLE media ADD COLUMN duration_ms BIGINT;
ALTER TABLE learning_progress ADD COLUMN watched_ms BIGINT NOT NULL DEFAULT 0;

-- Telemetry batch keys (issue 30): a batch the web tracker resends (its answer was lost offline) carries the
-- key the device gave it, the same on every resend. The write buffer's flush records (user, key) here in the
-- same transaction as the batch's rows and drops a batch whose key is already here, so it counts once across
-- nodes. Kept 7 days (telemetry/retention.cpp sweeps older keys).
CREATE TABLE telemetry_batches (
  user_id TEXT NOT NULL,
  batch_key TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, batch_key)
);
CREATE INDEX telemetry_batches_created ON telemetry_batches (created_at);

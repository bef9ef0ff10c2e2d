// Anonymous extraction records (table usage_events) and the admin's statistics computed from them.
// Server extractions are written by the database itself (trigger record_server_extraction,
// migration 003); browser extractions by POST /api/events.
import type { Activity, UsageEvent } from '@archive-opener/shared/api';
import type { Queryable } from '../db/database.js';

export async function insertBrowserEvent(db: Queryable, event: UsageEvent, visitorHash: string | null): Promise<void> {
  await db.query(
    `INSERT INTO usage_events (mode, format, outcome, error_code, size_bucket, duration_ms, visitor_hash)
     VALUES ('browser', $1, $2, $3, $4, $5, $6)`,
    [event.format, event.outcome, event.errorCode, event.sizeBucket, event.durationMs, visitorHash],
  );
}

export interface Statistics {
  totalExtractions: number;
  todayExtractions: number;
  successRate: number | null;
  visitors24h: number;
}

/** `timeZone` is an IANA name already checked by the caller; "today" starts at its midnight. */
export async function statistics(db: Queryable, timeZone: string): Promise<Statistics> {
  const { rows } = await db.query<{ total: string; today: string; succeeded: string; finished: string; visitors: string }>(
    `SELECT
       (SELECT count(*) FROM usage_events) AS total,
       (SELECT count(*) FROM usage_events
         WHERE created_at >= (date_trunc('day', now() AT TIME ZONE $1) AT TIME ZONE $1)) AS today,
       (SELECT count(*) FROM usage_events WHERE outcome = 'success') AS succeeded,
       (SELECT count(*) FROM usage_events WHERE outcome <> 'cancelled') AS finished,
       (SELECT count(DISTINCT visitor_hash) FROM (
          SELECT visitor_hash FROM usage_events WHERE created_at > now() - interval '24 hours'
          UNION ALL
          SELECT visitor_hash FROM static_file_checks WHERE created_at > now() - interval '24 hours'
        ) AS seen) AS visitors`,
    [timeZone],
  );
  const row = rows[0];
  const finished = Number(row?.finished ?? 0);
  return {
    totalExtractions: Number(row?.total ?? 0),
    todayExtractions: Number(row?.today ?? 0),
    // One decimal, as the admin shows it.
    successRate: finished === 0 ? null : Math.round((Number(row?.succeeded ?? 0) / finished) * 1000) / 10,
    visitors24h: Number(row?.visitors ?? 0),
  };
}

interface ActivityRow {
  created_at: Date | string;
  mode: Activity['mode'];
  format: string | null;
  size_bucket: Activity['sizeBucket'];
  outcome: Activity['outcome'];
  error_code: string | null;
  duration_ms: number | null;
}

export async function recentActivity(db: Queryable, limit: number): Promise<Activity[]> {
  const { rows } = await db.query<ActivityRow>(
    `SELECT created_at, mode, format, size_bucket, outcome, error_code, duration_ms
       FROM usage_events ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    at: new Date(row.created_at).toISOString(),
    mode: row.mode,
    format: row.format,
    sizeBucket: row.size_bucket,
    outcome: row.outcome,
    errorCode: row.error_code,
    durationMs: row.duration_ms,
  }));
}

/** The visitor count needs a hash for 24 hours; after `hours` nothing links two records any more. */
export async function eraseOldVisitorHashes(db: Queryable, hours: number): Promise<void> {
  const cutoff = `now() - $1 * interval '1 hour'`;
  await db.query(`UPDATE usage_events SET visitor_hash = NULL WHERE visitor_hash IS NOT NULL AND created_at < ${cutoff}`, [
    hours,
  ]);
  await db.query(`UPDATE static_file_checks SET visitor_hash = NULL WHERE visitor_hash IS NOT NULL AND created_at < ${cutoff}`, [
    hours,
  ]);
  // Server jobs carry their visitor's hash until they end (the trigger copies it to the event).
  await db.query(`UPDATE extraction_jobs SET client_key = NULL WHERE client_key IS NOT NULL AND created_at < ${cutoff}`, [hours]);
}

// The page's reports of its robots.txt and sitemap.xml checks (table static_file_checks) and the
// latest one per file for the admin's system status.
import { isXmlContentType, MONITORED_FILES } from '@archive-opener/shared';
import type { StaticFileCheck, StaticFileStatus } from '@archive-opener/shared/api';
import type { Queryable } from '../db/database.js';

export async function insertCheck(db: Queryable, check: StaticFileCheck, visitorHash: string | null): Promise<void> {
  await db.query(
    `INSERT INTO static_file_checks (path, method, user_agent, referrer, success, status, status_text, content_type, error, visitor_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      check.path,
      check.method,
      check.userAgent,
      check.referrer,
      check.success,
      check.status,
      check.statusText,
      check.contentType,
      check.error,
      visitorHash,
    ],
  );
}

interface LatestRow {
  path: StaticFileStatus['path'];
  created_at: Date | string;
  success: boolean;
  status: number;
  content_type: string;
  error: string | null;
}

export async function latestChecks(db: Queryable): Promise<StaticFileStatus[]> {
  const { rows } = await db.query<LatestRow>(
    `SELECT DISTINCT ON (path) path, created_at, success, status, content_type, error
       FROM static_file_checks WHERE path = ANY($1::text[]) ORDER BY path, created_at DESC, id DESC`,
    [MONITORED_FILES],
  );
  return rows.map((row) => ({
    path: row.path,
    at: new Date(row.created_at).toISOString(),
    success: row.success,
    status: row.status,
    contentType: row.content_type,
    error: row.error,
    warning: row.success && row.path === '/sitemap.xml' && !isXmlContentType(row.content_type),
  }));
}

export async function deleteOldChecks(db: Queryable, days: number): Promise<void> {
  await db.query(`DELETE FROM static_file_checks WHERE created_at < now() - $1 * interval '1 day'`, [days]);
}

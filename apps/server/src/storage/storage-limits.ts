// How much disk server extraction may use. Each job's output is capped by its own size (the
// engine's expansion ratio, counted from a much smaller start than its default) and by
// MAX_OUTPUT_MB; an upload is taken only if the worst one more job can write still fits under
// STORAGE_MAX_GB beside what every job holds or may still write, and above the free-space floor.
import { statfs } from 'node:fs/promises';
import { SERVER_LIMITS, type ExtractionLimits } from '@archive-opener/shared';
import type { Database } from '../db/database.js';

/**
 * Output a job may write before its size ratio is checked. The engine's own start, 256 MB, let a
 * 260 KB upload of zeros write 256 MB and keep it for an hour; here it is 32 MB, past which a job
 * writes at most SERVER_LIMITS.maxExpansionRatio times its archive's size.
 */
export const OUTPUT_RATIO_GRACE_BYTES = 32 * 1024 * 1024;

export interface StorageLimitsOptions {
  db: Database;
  /** DATA_DIR: whose disk's free space is checked. */
  root: string;
  maxUploadBytes: number;
  maxOutputBytes: number;
  maxTotalBytes: number;
  minFreeBytes: number;
}

/** Retry-After of that 503: files expire and jobs end within minutes. */
export const STORAGE_FULL_RETRY_S = '300';

export class StorageLimits {
  constructor(private readonly options: StorageLimitsOptions) {}

  /** The engine limits of a server job: the output cap on top of the server's usual limits. */
  get jobLimits(): Partial<ExtractionLimits> {
    const { maxOutputBytes } = this.options;
    return { maxTotalBytes: maxOutputBytes, ratioGraceBytes: Math.min(OUTPUT_RATIO_GRACE_BYTES, maxOutputBytes) };
  }

  /** The most a job of an archive this size can write (what jobLimits lets through). */
  outputCap(archiveBytes: number): number {
    const byRatio = Math.max(OUTPUT_RATIO_GRACE_BYTES, archiveBytes * SERVER_LIMITS.maxExpansionRatio);
    return Math.min(this.options.maxOutputBytes, byRatio);
  }

  /** The refusal (503 STORAGE_FULL) when one more upload and its extraction might not fit; null when it would. */
  async refusal(): Promise<'STORAGE_FULL' | null> {
    const { db, root, maxUploadBytes, maxTotalBytes, minFreeBytes } = this.options;
    const nextJob = maxUploadBytes + this.outputCap(maxUploadBytes);
    if ((await this.#committedBytes(db)) + nextJob > maxTotalBytes) return 'STORAGE_FULL';
    const disk = await statfs(root);
    if (disk.bavail * disk.bsize - nextJob < minFreeBytes) return 'STORAGE_FULL';
    return null;
  }

  /**
   * Bytes every job holds or may still write: a finished job's files; a waiting or running job's
   * upload and the most its extraction can write (what it has written so far is within that).
   */
  async #committedBytes(db: Database): Promise<number> {
    const { rows } = await db.query<{ bytes: number }>(
      `SELECT coalesce(sum(CASE WHEN status = 'completed' THEN coalesce(total_size, 0)
         ELSE archive_size + least($1::float8, greatest($2::float8, archive_size * $3::float8)) END), 0)::float8 AS bytes
       FROM extraction_jobs WHERE status IN ('queued', 'running', 'completed')`,
      [this.options.maxOutputBytes, OUTPUT_RATIO_GRACE_BYTES, SERVER_LIMITS.maxExpansionRatio],
    );
    return Number(rows[0]?.bytes ?? 0);
  }
}

import type { ErrorCode } from '@archive-opener/shared';
import type { JobFile, JobSafety, JobStatus } from '@archive-opener/shared/api';

export type { JobFile, JobSafety, JobStatus };
export type JobMode = 'server' | 'api' | 'legacy';

export interface Job {
  id: string;
  status: JobStatus;
  mode: JobMode;
  progress: number;
  bytesDone: number;
  bytesTotal: number | null;
  archiveName: string | null;
  archiveSize: number;
  partCount: number;
  parts: string[] | null;
  format: string | null;
  error: { code: ErrorCode; message: string } | null;
  files: JobFile[] | null;
  /** Once completed (null for jobs completed before migration 005). */
  safety: JobSafety | null;
  fileCount: number | null;
  totalSize: number | null;
  attempts: number;
  leaseOwner: string | null;
  passwordHolder: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'expired'];

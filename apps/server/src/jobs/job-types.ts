import type { ErrorCode } from '@archive-opener/shared';

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'expired';
export type JobMode = 'server' | 'api' | 'legacy';

/** One extracted file as the API lists it; `id` is its key within the job. */
export interface JobFile {
  id: string;
  path: string;
  size: number;
  type: string;
  sha256: string;
}

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

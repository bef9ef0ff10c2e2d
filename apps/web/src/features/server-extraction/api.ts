/**
 * The server extraction API as the page uses it (README "Server extraction API"): its addresses
 * and the shapes of its answers, checked when they arrive, since a proxy or an older server may
 * answer something else.
 */
export type ServerJobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'expired';

export interface ServerJobFile {
  /** The file's key within the job (for its URL). */
  id: string;
  path: string;
  size: number;
  type: string;
  sha256: string;
}

/** GET /api/extractions/:id, and every `job` event of its event stream. */
export interface ServerJob {
  id: string;
  status: ServerJobStatus;
  /** 0–100. */
  progress: number;
  /** 1 for the next to run; 0 when not waiting. */
  queuePosition: number;
  error: { code: string; message: string } | null;
  files: ServerJobFile[];
  expiresAt: string | null;
}

/** The 202 answer of an upload. */
export interface AcceptedJob {
  id: string;
  status: ServerJobStatus;
  queuePosition: number;
}

const BASE = '/api/extractions';
const jobPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const extractionUrls = {
  upload: BASE,
  job: jobPath,
  events: (id: string) => `${jobPath(id)}/events`,
  file: (id: string, fileId: string) => `${jobPath(id)}/files/${encodeURIComponent(fileId)}`,
  archiveZip: (id: string) => `${jobPath(id)}/archive.zip`,
  keepAlive: '/api/extract-archive',
};

const STATUSES: readonly string[] = ['queued', 'running', 'completed', 'failed', 'expired'] satisfies ServerJobStatus[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isStatus(value: unknown): value is ServerJobStatus {
  return typeof value === 'string' && STATUSES.includes(value);
}

function isFile(value: unknown): value is ServerJobFile {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.path === 'string' &&
    typeof value.size === 'number' &&
    typeof value.type === 'string' &&
    typeof value.sha256 === 'string'
  );
}

export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`Unexpected answer from the server: ${what}`);
    this.name = 'UnexpectedAnswerError';
  }
}

export function parseAccepted(value: unknown): AcceptedJob {
  if (!isRecord(value) || typeof value.id !== 'string' || !isStatus(value.status)) throw new UnexpectedAnswerError('upload');
  return { id: value.id, status: value.status, queuePosition: typeof value.queuePosition === 'number' ? value.queuePosition : 0 };
}

export function parseJob(value: unknown): ServerJob {
  if (!isRecord(value) || typeof value.id !== 'string' || !isStatus(value.status)) throw new UnexpectedAnswerError('job');
  const { error, files } = value;
  return {
    id: value.id,
    status: value.status,
    progress: typeof value.progress === 'number' ? value.progress : 0,
    queuePosition: typeof value.queuePosition === 'number' ? value.queuePosition : 0,
    error:
      isRecord(error) && typeof error.code === 'string'
        ? { code: error.code, message: typeof error.message === 'string' ? error.message : '' }
        : null,
    files: Array.isArray(files) ? files.filter(isFile) : [],
    expiresAt: typeof value.expiresAt === 'string' ? value.expiresAt : null,
  };
}

/** `{ error: { code } }` of a refusal, or null. */
export function errorCodeOf(body: unknown): string | null {
  return isRecord(body) && isRecord(body.error) && typeof body.error.code === 'string' ? body.error.code : null;
}

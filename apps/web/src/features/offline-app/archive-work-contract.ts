// What the pages and the service worker say to each other about archive work: while a page lists
// or extracts an archive, the worker's install (the first visit's precache of ~260 files, or an
// update's) waits between its requests, so that it takes no CPU from the engine's workers
// (docs/decisions/041-precache-waits-for-archive-work.md). Kept free of DOM and worker types: both
// sides import it.

/** The BroadcastChannel both sides open: a page needs no handle on the installing worker. */
export const ARCHIVE_WORK_CHANNEL = 'archive-opener:archive-work';

/**
 * A page's "busy" holds this long from when the worker hears it, unless said again: a page closed
 * or frozen while busy holds an install up at most this long.
 */
export const BUSY_LEASE_MS = 10_000;

/** A busy page says so again this often, well inside its lease. */
export const BUSY_RENEW_MS = 3_000;

export type ArchiveWorkMessage =
  /** The page lists or extracts an archive (or has just shown one's files). */
  | { kind: 'busy'; page: string }
  /** The page is done: nothing of its own to wait for. */
  | { kind: 'idle'; page: string }
  /** The worker, as its install begins: busy pages answer with 'busy'. */
  | { kind: 'ask' };

export function isArchiveWorkMessage(value: unknown): value is ArchiveWorkMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, page } = value as Record<string, unknown>;
  return kind === 'ask' || ((kind === 'busy' || kind === 'idle') && typeof page === 'string');
}

/** What either side needs of a BroadcastChannel (the tests give them Node's). */
export interface WorkChannel {
  postMessage(message: ArchiveWorkMessage): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

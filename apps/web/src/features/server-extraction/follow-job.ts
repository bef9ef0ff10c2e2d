import { extractionUrls, parseJob, type ServerJobFile, type ServerJobSafety } from './api';

/** A completed job: its files, its safety facts (null from an older server), and when the server deletes them (ISO 8601). */
export interface FollowedJob {
  files: ServerJobFile[];
  safety: ServerJobSafety | null;
  expiresAt: string | null;
}
import { jobState, type ServerJobState } from './job-state';
import { ApiRequestError, fetchApi } from '../../lib/api-request-error';
import { problemFor, problemShape } from './problems';
import { cancelledError, ServerExtractionError } from './server-error';

/** The fallback's pace when the event stream cannot be used (docs/product.md#server-mode: every second). */
export const POLL_MS = 1000;
/** Polls failing in a row before the connection counts as lost. */
const MAX_POLL_FAILURES = 5;

export interface FollowOptions {
  /** Every state before the end (queued with its position, running with its percent). */
  onState: (state: ServerJobState) => void;
  signal: AbortSignal;
  /** Gives up (timeout) when the job has not ended by then. */
  timeoutMs: number;
  pollMs?: number;
}

function parseJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * Follows a job to its end through its Server-Sent Events (a `job` event at every change), or, if
 * the stream fails (a proxy that buffers, no EventSource), by asking for the job every second.
 * Resolves with the files of a completed job (and their expiry); rejects with the job's error, a timeout, a lost
 * connection or the cancellation.
 */
export function followJob(id: string, { onState, signal, timeoutMs, pollMs = POLL_MS }: FollowOptions): Promise<FollowedJob> {
  return new Promise((resolve, reject) => {
    let source: EventSource | null = null;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let ended = false;

    const end = (outcome: () => void) => {
      if (ended) return;
      ended = true;
      source?.close();
      clearTimeout(pollTimer);
      clearTimeout(timeout);
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (error: ServerExtractionError) => end(() => reject(error));
    const onAbort = () => fail(cancelledError());
    const timeout = setTimeout(() => fail(new ServerExtractionError(problemShape('timeout'))), timeoutMs);

    const onJob = (value: unknown) => {
      if (ended) return;
      let state: ServerJobState;
      try {
        state = jobState(parseJob(value));
      } catch {
        return fail(new ServerExtractionError(problemShape('unavailable')));
      }
      if (state.kind === 'completed')
        end(() => resolve({ files: state.files, safety: state.safety, expiresAt: state.expiresAt }));
      else if (state.kind === 'failed') fail(new ServerExtractionError(state.error));
      else onState(state);
    };

    const poll = async () => {
      try {
        const response = await fetchApi(extractionUrls.job(id), {
          headers: { accept: 'application/json' },
          cache: 'no-store',
          signal,
        });
        failures = 0;
        onJob(await response.json());
      } catch (error) {
        if (ended) return;
        if (error instanceof ApiRequestError && problemFor(error) === 'expired')
          return fail(new ServerExtractionError(problemShape('expired')));
        failures += 1;
        if (failures >= MAX_POLL_FAILURES) return fail(new ServerExtractionError(problemShape('network')));
      }
      if (!ended) pollTimer = setTimeout(() => void poll(), pollMs);
    };
    const startPolling = () => {
      source?.close();
      source = null;
      void poll();
    };

    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    if (typeof EventSource === 'undefined') return startPolling();
    source = new EventSource(extractionUrls.events(id));
    source.addEventListener('job', (event: MessageEvent<unknown>) => onJob(parseJson(event.data)));
    // The stream ends (and the browser would reconnect) only after the final event, which has
    // already ended the wait; an error before it means the stream cannot be used.
    source.onerror = () => {
      if (!ended && source) startPolling();
    };
  });
}

import { isErrorCode, type ErrorShape } from '@archive-opener/shared';
import type { TFunction } from 'i18next';
import { i18n } from '../../i18n';
import type { ApiRequestError } from '../../lib/api-request-error';
import { formatBytes } from '../../lib/format-size';
import { knownServerSettings, serverMaxBytes } from './use-server-settings';

/**
 * What can go wrong between the page and the server, beside the engine's own errors (which the
 * server reports with the engine's codes): each has its translated toast.
 */
export type ServerProblem =
  'tooLarge' | 'rateLimited' | 'queueFull' | 'serverBusy' | 'network' | 'timeout' | 'expired' | 'unavailable';

const PROBLEMS: readonly string[] = [
  'tooLarge',
  'rateLimited',
  'queueFull',
  'serverBusy',
  'network',
  'timeout',
  'expired',
  'unavailable',
] satisfies ServerProblem[];

/** The problem a failed call of server mode stands for, by the API's code (never its message). */
export function problemFor(error: ApiRequestError): ServerProblem {
  if (error.failure === 'unreached') return 'network';
  switch (error.code) {
    case 'PAYLOAD_TOO_LARGE':
      return 'tooLarge';
    case 'RATE_LIMITED':
      return 'rateLimited';
    case 'QUEUE_FULL':
      return 'queueFull';
    // The server's disk holds all it may for now, or the job runs on another server: busy, not broken.
    case 'STORAGE_FULL':
    case 'BUSY':
    case 'TOO_MANY_STREAMS':
      return 'serverBusy';
    case 'GONE':
    case 'NOT_FOUND':
      return 'expired';
    default:
      return 'unavailable';
  }
}

/**
 * A server problem as the extractor's error shape, so a failed archive of the batch shows it like
 * any other failure. The problem travels in `details.serverProblem`; the code is the nearest of
 * the engine's (an archive too large is a size limit, the rest the engine never caused).
 */
export function problemShape(problem: ServerProblem): ErrorShape {
  return {
    code: problem === 'tooLarge' ? 'LIMIT_EXCEEDED' : 'INTERNAL',
    message: `Server extraction: ${problem}`,
    details: problem === 'tooLarge' ? { limit: 'archiveSize', serverProblem: problem } : { serverProblem: problem },
  };
}

export function serverProblemOf(error: ErrorShape): ServerProblem | null {
  const problem = error.details?.serverProblem;
  return typeof problem === 'string' && PROBLEMS.includes(problem) ? (problem as ServerProblem) : null;
}

/** A failed job's error: the engine's code when it is one, else an internal error. */
export function jobErrorShape(error: { code: string; message: string } | null): ErrorShape {
  if (error && isErrorCode(error.code)) return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: error?.message ?? 'The server reported a failure without a reason.' };
}

export interface ProblemText {
  title: string;
  text: string;
}

export function serverProblemText(problem: ServerProblem, t: TFunction): ProblemText {
  switch (problem) {
    case 'tooLarge':
      return {
        title: t('extractor.toasts.tooLarge.title'),
        text: t('extractor.toasts.tooLarge.text', {
          size: formatBytes(serverMaxBytes(knownServerSettings()), i18n.resolvedLanguage),
        }),
      };
    case 'rateLimited':
    case 'queueFull':
    case 'serverBusy':
    case 'network':
    case 'timeout':
    case 'expired':
    case 'unavailable':
      return { title: t(`extractor.server.errors.${problem}.title`), text: t(`extractor.server.errors.${problem}.text`) };
  }
}

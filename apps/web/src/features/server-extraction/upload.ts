import { refusal } from '../../lib/api-request-error';
import { extractionUrls, parseAccepted, type AcceptedJob } from './api';
import { problemFor, problemShape } from './problems';
import { ServerExtractionError, cancelledError } from './server-error';

export interface UploadOptions {
  password?: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Uploads an archive: one `file` part per part of a multi-volume set, in the order the engine
 * opens them, and the password when there is one. XMLHttpRequest rather than fetch: only it
 * reports the bytes sent, which the progress panel's first step shows.
 */
export function uploadArchive(
  parts: readonly File[],
  { password, onProgress, signal }: UploadOptions = {},
): Promise<AcceptedJob> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError());
    const form = new FormData();
    for (const part of parts) form.append('file', part, part.name);
    if (password) form.append('password', password);

    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    request.onload = () => {
      settle();
      const body = parseJson(request.responseText);
      if (request.status !== 202 && request.status !== 200) {
        const refused = refusal(request.status, body, request.getResponseHeader('Retry-After'));
        reject(new ServerExtractionError(problemShape(problemFor(refused))));
        return;
      }
      try {
        resolve(parseAccepted(body));
      } catch {
        reject(new ServerExtractionError(problemShape('unavailable')));
      }
    };
    request.onerror = () => {
      settle();
      // A refused upload may end here too: a server that stops reading at its size limit can
      // close the connection before the browser has sent everything.
      reject(new ServerExtractionError(problemShape('network')));
    };
    request.onabort = () => {
      settle();
      reject(cancelledError());
    };
    request.open('POST', extractionUrls.upload);
    request.setRequestHeader('accept', 'application/json');
    request.send(form);
  });
}

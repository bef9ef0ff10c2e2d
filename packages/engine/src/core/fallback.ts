import type { FallbackError } from './backend.js';

/**
 * Runs one of our own readers; when it says "not mine" (its fallback error, always thrown before
 * anything is written) the answer is null and the caller hands the archive on, usually to 7-Zip.
 */
export async function unlessFallback<T>(run: () => Promise<T>, fallback: FallbackError): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof fallback) return null;
    throw error;
  }
}

/**
 * "Not mine", from a backend whose own fallback class is known only once its code is loaded
 * (zip.js is loaded when an archive first needs it): the registry hands the job on.
 */
export class HandOn extends Error {
  constructor(options?: ErrorOptions) {
    super('handed on', options);
    this.name = 'HandOn';
  }
}

/** Runs `run`, turning its fallback error into HandOn. */
export async function handOnIf<T>(run: () => Promise<T>, fallback: FallbackError): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof fallback) throw new HandOn({ cause: error });
    throw error;
  }
}

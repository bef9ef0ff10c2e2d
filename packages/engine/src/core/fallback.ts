/**
 * Runs one of our own readers; when it says "not mine" (its fallback error, always thrown before
 * anything is written) the answer is null and the caller hands the archive on, usually to 7-Zip.
 */
export async function unlessFallback<T>(run: () => Promise<T>, fallback: new (...args: never[]) => Error): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof fallback) return null;
    throw error;
  }
}

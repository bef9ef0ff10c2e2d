/**
 * Waits for something another thread does. Not a timing check: the limit only keeps a broken
 * build from hanging the suite, far beyond what a slow machine needs.
 */
export async function untilTrue(check: () => boolean, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`still not true after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

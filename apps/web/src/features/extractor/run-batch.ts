/** Simultaneous extractions in the browser, as on the server (docs/decisions/002-one-set-of-numbers.md). */
export const BATCH_CONCURRENCY = 2;

/**
 * Runs `task` over `items` with at most `concurrency` at a time, in order, until all are done or
 * `shouldStop` says so (cancel). A task's failure is the task's business: it must not throw.
 */
export async function runBatch<T>(
  items: readonly T[],
  task: (item: T) => Promise<void>,
  { concurrency = BATCH_CONCURRENCY, shouldStop = () => false }: { concurrency?: number; shouldStop?: () => boolean } = {},
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !shouldStop()) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}

/**
 * Runs `task` on every item, at most `lanes` at a time, taking items in order, and answers with
 * the results in the items' order. `lane` (0 to lanes - 1) tells a task which lane runs it, so a
 * lane can reuse what it holds (a buffer) from one item to the next. After a failure no lane takes
 * another item, and the first failure is the answer.
 */
export async function mapInLanes<T, R>(
  items: readonly T[],
  lanes: number,
  task: (item: T, index: number, lane: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const runLane = async (lane: number) => {
    for (let index = next++; index < items.length && !failed; index = next++) {
      try {
        results[index] = await task(items[index] as T, index, lane);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, (_, lane) => runLane(lane)));
  return results;
}

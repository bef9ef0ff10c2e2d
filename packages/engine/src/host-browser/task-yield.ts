/**
 * A worker's run is mostly one long chain of microtasks: DecompressionStream answers its writes
 * within the microtask checkpoint, and a File's stream or a window read ahead often has its bytes
 * ready, so a run of a tar.gz went on for seconds without ever returning to the event loop.
 * Neither a message nor Chromium's own shutdown task runs then: a worker the page terminated (a
 * listing that the extraction made needless) went on decoding for 2 s, until Chromium forced it to
 * stop, on a core the extraction needed (docs/decisions/036-browser-speed-at-scale.md, "Start-up
 * and the page at 200 MB"). Reads therefore let the event loop run a task now and then.
 */

/** At most this long without a task in between (a terminated worker stops within about this). */
export const YIELD_EVERY_MS = 10;

/** A task of its own: a MessageChannel's message (a timer would be clamped to 4 ms when nested). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * A function to await between reads: it returns at once, but once `everyMs` passed since the
 * last task it waits for the next one.
 */
export function taskYielder(
  everyMs = YIELD_EVERY_MS,
  now: () => number = () => performance.now(),
): () => Promise<void> | undefined {
  let since = now();
  return () => {
    if (now() - since < everyMs) return undefined;
    return nextTask().then(() => {
      since = now();
    });
  };
}

/** `stream` read through a yielder: the same chunks, with a task between them now and then. */
export function yieldingStream(stream: ReadableStream<Uint8Array>, yielder = taskYielder()): ReadableStream<Uint8Array> {
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        await yielder();
        controller.enqueue(chunk);
      },
    }),
  );
}

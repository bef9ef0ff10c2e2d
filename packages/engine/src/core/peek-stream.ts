/**
 * Reads the first `bytes` of a stream (fewer when it ends or fails sooner) and gives back a
 * stream of all of it, as if nothing had been read: the same chunks, then the rest, then the
 * same end or failure. A failure while peeking is not thrown here: the reader of the returned
 * stream meets it at the same byte it would have met it anyway.
 */
export async function peekStream(
  stream: ReadableStream<Uint8Array>,
  bytes: number,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let done = false;
  let failure: { error: unknown } | null = null;
  while (length < bytes && !done) {
    try {
      const next = await reader.read();
      if (next.done) done = true;
      else {
        chunks.push(next.value);
        length += next.value.length;
      }
    } catch (error) {
      failure = { error };
    }
    if (failure) break;
  }
  const head = joinUpTo(chunks, bytes);
  const replay = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = chunks.shift();
        if (chunk) return controller.enqueue(chunk);
        if (failure) return controller.error(failure.error);
        if (done) return controller.close();
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return { head, stream: replay };
}

function joinUpTo(chunks: readonly Uint8Array[], bytes: number): Uint8Array {
  const head = new Uint8Array(
    Math.min(
      bytes,
      chunks.reduce((sum, c) => sum + c.length, 0),
    ),
  );
  let at = 0;
  for (const chunk of chunks) {
    if (at >= head.length) break;
    const part = chunk.subarray(0, head.length - at);
    head.set(part, at);
    at += part.length;
  }
  return head;
}

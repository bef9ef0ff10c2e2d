import { describe, expect, it } from 'vitest';
import { peekStream } from './peek-stream.js';

function pieces(chunks: readonly number[][], failure?: Error): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[at];
      at += 1;
      if (chunk) controller.enqueue(new Uint8Array(chunk));
      else if (failure) controller.error(failure);
      else controller.close();
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<number[]> {
  const out: number[] = [];
  for await (const chunk of stream) out.push(...chunk);
  return out;
}

describe('peekStream', () => {
  it('gives the first bytes and then the whole stream, as if nothing was read', async () => {
    const { head, stream } = await peekStream(pieces([[1, 2], [3, 4, 5], [6]]), 3);
    expect([...head]).toEqual([1, 2, 3]);
    expect(await readAll(stream)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('gives fewer bytes when the stream is shorter', async () => {
    const { head, stream } = await peekStream(pieces([[1, 2]]), 10);
    expect([...head]).toEqual([1, 2]);
    expect(await readAll(stream)).toEqual([1, 2]);
  });

  it('keeps a failure met while peeking for the reader, after the bytes that came before it', async () => {
    const { head, stream } = await peekStream(pieces([[1, 2]], new Error('truncated')), 10);
    expect([...head]).toEqual([1, 2]);
    const reader = stream.getReader();
    expect((await reader.read()).value).toEqual(new Uint8Array([1, 2]));
    await expect(reader.read()).rejects.toThrow('truncated');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { extractInWorker } from './engine-client';
import { extractInShares } from './shared-extraction';

/** Stands in for the engine's module worker: records what the page tells it. */
class FakeWorker {
  static made: FakeWorker[] = [];
  readonly messages: { op: string; sevenZip?: boolean; others?: boolean; share?: unknown }[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(message: { op: string; sevenZip?: boolean; others?: boolean; share?: unknown }): void {
    this.messages.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
}

const file = (name: string) => new File([new Uint8Array(10)], name);
/** Until the page has leased its output store (a promise) and posted the request. */
const requested = (worker: FakeWorker | undefined) => vi.waitFor(() => expect(worker?.messages.at(-1)?.op).toBe('extract'));

describe('the worker of an extraction, started before the output store is leased', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('compiles 7-Zip at once for a 7z, before its request', async () => {
    const run = extractInWorker([file('data.7z')]);
    const [worker] = FakeWorker.made;
    expect(worker?.messages).toHaveLength(1);
    expect(worker?.messages[0]).toMatchObject({ op: 'prepare', warmUp: [], sevenZip: true, others: false });
    await requested(worker);
    run.cancel();
    await expect(run.result).rejects.toThrow();
    expect(worker?.terminated).toBe(true);
  });

  it('does not compile 7-Zip ahead for a zip (its reader never needs it)', async () => {
    const run = extractInWorker([file('data.zip')]);
    const [worker] = FakeWorker.made;
    await requested(worker);
    expect(worker?.messages.map((message) => message.op)).toEqual(['extract']);
    run.cancel();
    await expect(run.result).rejects.toThrow();
  });

  it('ends the worker when the extraction is cancelled before its request was sent', async () => {
    const run = extractInWorker([file('data.7z')]);
    run.cancel();
    await expect(run.result).rejects.toThrow();
    const [worker] = FakeWorker.made;
    expect(worker?.terminated).toBe(true);
    expect(worker?.messages.map((message) => message.op)).toEqual(['prepare']);
  });

  it('starts every share at once, each told its share once the store is leased', async () => {
    const run = extractInShares([file('data.7z')], {}, 2);
    expect(FakeWorker.made).toHaveLength(2);
    for (const worker of FakeWorker.made) expect(worker.messages[0]).toMatchObject({ op: 'prepare', sevenZip: true });
    for (const worker of FakeWorker.made) await requested(worker);
    expect(FakeWorker.made.map((worker) => worker.messages.at(-1)?.share)).toEqual([
      { index: 0, count: 2 },
      { index: 1, count: 2 },
    ]);
    run.cancel();
    await expect(run.result).rejects.toThrow();
    expect(FakeWorker.made.every((worker) => worker.terminated)).toBe(true);
  });
});

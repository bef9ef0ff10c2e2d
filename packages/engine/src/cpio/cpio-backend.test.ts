import { SERVER_LIMITS } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { CpioFallback, extractCpioStream, listCpioStream } from './cpio-backend.js';
import { MemorySink, memorySource } from '../testing/memory-io.js';

/** Hand-made newc/crc archives for what the corpus does not hold: GNU-style hard links, bad sums, devices, limits. */

interface Spec {
  name: string;
  mode: number;
  data?: string;
  ino?: number;
  nlink?: number;
  check?: number;
}

const text = new TextEncoder();

function newc(specs: readonly Spec[], magic = '070701', trailer = true): Uint8Array {
  const parts: number[] = [];
  const pad4 = () => {
    while (parts.length % 4 !== 0) parts.push(0);
  };
  const all = trailer ? [...specs, { name: 'TRAILER!!!', mode: 0 }] : specs;
  all.forEach((spec, index) => {
    const data = text.encode(spec.data ?? '');
    const name = text.encode(`${spec.name}\0`);
    const sum = spec.check ?? data.reduce((a, b) => a + b, 0);
    const fields = [spec.ino ?? index + 1, spec.mode, 0, 0, spec.nlink ?? 1, 0, data.length, 0, 0, 0, 0, name.length, sum];
    const header = magic + fields.map((f) => f.toString(16).padStart(8, '0')).join('');
    parts.push(...text.encode(header), ...name);
    pad4();
    parts.push(...data);
    pad4();
  });
  return new Uint8Array(parts);
}

const FILE = 0o100644;

async function extract(bytes: Uint8Array, sink = new MemorySink({ writeBytes: true }), limits = SERVER_LIMITS) {
  const info = { format: 'cpio', archiveBytes: bytes.length, bytesTotal: bytes.length };
  const result = await extractCpioStream(memorySource(bytes, 'a.cpio', 7).stream(), sink, limits, {}, info);
  return { result, sink };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('extractCpioStream', () => {
  it('gives every name of a hard-linked file the content only the last one carries', async () => {
    const bytes = newc([
      { name: 'a', mode: FILE, ino: 9, nlink: 3 },
      { name: 'dir/b', mode: FILE, ino: 9, nlink: 3 },
      { name: 'c', mode: FILE, ino: 9, nlink: 3, data: 'shared' },
      { name: 'd', mode: FILE, ino: 10, nlink: 2 },
    ]);
    const { result, sink } = await extract(bytes);
    for (const path of ['a', 'dir/b', 'c']) expect(new TextDecoder().decode(sink.files.get(path))).toBe('shared');
    // A link whose content never comes is an empty file, as GNU cpio leaves it.
    expect(sink.files.get('d')).toEqual(new Uint8Array(0));
    expect(result.entries.map((e) => e.path).sort()).toEqual(['a', 'c', 'd', 'dir', 'dir/b']);
    const listing = await listCpioStream(memorySource(bytes).stream(), {}, { format: 'cpio', archiveBytes: 0, bytesTotal: null });
    expect(listing.entries.map((e) => [e.name, e.size])).toEqual([
      ['a', 6],
      ['dir/b', 6],
      ['c', 6],
      ['d', 0],
    ]);
  });

  it('reports symlinks with their target, skips devices and FIFOs', async () => {
    const bytes = newc([
      { name: 'link', mode: 0o120777, data: '../etc/passwd' },
      { name: 'fifo', mode: 0o010644 },
      { name: 'dev', mode: 0o020644 },
      { name: './x/y', mode: FILE, data: 'y' },
    ]);
    const { result, sink } = await extract(bytes);
    expect(result.entries).toEqual([
      // The headers' time (0 here), not the folder only implied by a path.
      { path: 'link', type: 'symlink', size: 0, linkTarget: '../etc/passwd', modified: 0 },
      { path: 'x', type: 'dir', size: 0 },
      { path: 'x/y', type: 'file', size: 1, originalName: './x/y', modified: 0 },
    ]);
    expect([...sink.files.keys()]).toEqual(['x/y']);
  });

  it('checks the crc format sums and refuses a file that fails it', async () => {
    const good = newc([{ name: 'f', mode: FILE, data: 'hello' }], '070702');
    expect((await extract(good)).sink.files.size).toBe(1);
    const bad = newc([{ name: 'f', mode: FILE, data: 'hello', check: 1 }], '070702');
    const sink = new MemorySink({ writeBytes: true });
    const error = await failure(extract(bad, sink));
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).details.kind).toBe('corrupt');
    expect(sink.files.size).toBe(0);
  });

  it('refuses an archive that ends before its trailer, and discards what it wrote', async () => {
    const sink = new MemorySink({ writeBytes: true });
    const error = await failure(extract(newc([{ name: 'f', mode: FILE, data: 'x' }], '070701', false), sink));
    expect((error as EngineError).details.kind).toBe('truncated');
    expect(sink.discards).toBe(1);
  });

  it('hands what is no cpio to 7-Zip', async () => {
    expect(await failure(extract(text.encode('PK\u0003\u0004 not a cpio')))).toBeInstanceOf(CpioFallback);
    expect(await failure(extract(text.encode('070701zzzzzzzz')))).toBeInstanceOf(CpioFallback);
    expect(await failure(extract(text.encode(`070701${'z'.repeat(200)}`)))).toBeInstanceOf(CpioFallback);
  });

  it('counts every copy of a hard-linked file against the limits', async () => {
    const data = 'x'.repeat(1000);
    const bytes = newc([
      { name: 'a', mode: FILE, ino: 4, nlink: 2 },
      { name: 'b', mode: FILE, ino: 4, nlink: 2, data },
    ]);
    const limits = { ...SERVER_LIMITS, maxTotalBytes: 1500 };
    const error = await failure(extract(bytes, new MemorySink({ writeBytes: true }), limits));
    expect((error as EngineError).code).toBe('LIMIT_EXCEEDED');
  });
});

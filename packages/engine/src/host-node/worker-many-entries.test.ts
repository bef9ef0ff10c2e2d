import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_LIMITS, SERVER_WORKER_HEAP_MB } from '@archive-opener/shared';
import { zipSync, type Zippable } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
// The built modules, as the server loads them: its worker runs the built entry.
import { extractInWorker } from '../../dist/host-node/worker-client.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("a server worker (the server's heap cap, default limits)", () => {
  it('extracts a stored zip of as many one-byte files as the entry limit allows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'archive-opener-many-'));
    dirs.push(dir);
    // 100 folders count as entries too: the files fill the rest of the limit.
    const folders = 100;
    const files = SERVER_LIMITS.maxEntries - folders;
    const content: Zippable = {};
    const one = new Uint8Array([120]);
    for (let i = 0; i < files; i += 1) content[`d${i % folders}/f${i}.txt`] = [one, { level: 0 }];
    const archive = join(dir, 'many.zip');
    await writeFile(archive, zipSync(content));
    const result = await extractInWorker([archive], join(dir, 'out'), { maxHeapMb: SERVER_WORKER_HEAP_MB });
    expect(result.entries).toHaveLength(SERVER_LIMITS.maxEntries);
    expect(result.entries.filter((e) => e.type === 'file' && e.size === 1)).toHaveLength(files);
  }, 180_000);
});

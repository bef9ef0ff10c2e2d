import { SERVER_LIMITS } from '@archive-opener/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractTarGz } from '../tar/tar-gz-backend.js';
import { MemorySink, memorySource } from '../testing/memory-io.js';
import { tarGzSample, zipSample } from './warm-up-samples.js';

const text = (value: string) => new TextEncoder().encode(value);
const files = [
  { path: 'files/0.txt', bytes: text('zero') },
  { path: 'files/1.txt', bytes: new Uint8Array(1500).map((_, i) => i & 0xff) },
  { path: 'large.txt', bytes: new Uint8Array(0) },
];

describe('warm-up samples made without 7-Zip', () => {
  it('a zip that holds every sample file', () => {
    const inside = unzipSync(zipSample(files));
    expect(Object.keys(inside)).toEqual(files.map((file) => file.path));
    for (const { path, bytes } of files) expect(inside[path]).toEqual(bytes);
  });

  it('a tar.gz the engine extracts whole, with the same bytes', async () => {
    const sink = new MemorySink();
    const result = await extractTarGz(memorySource(tarGzSample(files)), sink, SERVER_LIMITS, {});
    const extracted = result.entries.filter((entry) => entry.type === 'file').map((entry) => entry.path);
    expect(extracted.sort()).toEqual(files.map((file) => file.path).sort());
    for (const { path, bytes } of files) expect(sink.files.get(path)).toEqual(bytes);
  });
});

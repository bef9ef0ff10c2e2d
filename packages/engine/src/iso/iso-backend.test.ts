import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { CORPUS_DIR } from '@archive-opener/test-support/corpus';
import { MemorySink, memorySource } from '../testing/memory-io.js';
import { extractIso, IsoFallback, listIso } from './iso-backend.js';

const image = (name: string): Uint8Array =>
  new Uint8Array(execFileSync('gzip', ['-dc', join(CORPUS_DIR, 'libarchive', name)], { maxBuffer: 64 << 20 }));

describe('ISO 9660 backend', () => {
  it('hands what is not ISO 9660 to 7-Zip before writing anything', async () => {
    const sink = new MemorySink();
    await expect(extractIso(memorySource(new Uint8Array(64 * 1024)), sink, SERVER_LIMITS, {})).rejects.toBeInstanceOf(
      IsoFallback,
    );
    expect(sink.calls).toEqual([]);
  });

  it('lists Rock Ridge names, links and the format it is given', async () => {
    const listed = await listIso(memorySource(image('test_read_format_iso_xorriso.iso.Z')), {}, 'iso.Z');
    expect(listed.format).toBe('iso.Z');
    expect(listed.entries.find((e) => e.name === 'symlink')).toMatchObject({ type: 'symlink', linkTarget: 'file' });
  });

  it('extracts only the wanted entries, with the folders on the way', async () => {
    const sink = new MemorySink();
    const options = { only: ['dir/file2'] };
    const result = await extractIso(memorySource(image('test_read_format_iso_xorriso.iso.Z')), sink, SERVER_LIMITS, options);
    expect(result.entries.map((e) => e.path)).toEqual(['dir', 'dir/file2']);
    expect([...sink.files.keys()]).toEqual(['dir/file2']);
  });

  it('reports an image cut short as truncated', async () => {
    const whole = image('test_read_format_iso_rockridge.iso.Z');
    const sink = new MemorySink();
    const failure: unknown = await extractIso(memorySource(whole.slice(0, 100_000)), sink, SERVER_LIMITS, {}).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).details.kind).toBe('truncated');
    expect(sink.files.size).toBe(0);
  });

  it('refuses more than the limits allow and discards what was written', async () => {
    const sink = new MemorySink();
    const limits = { ...SERVER_LIMITS, maxTotalBytes: 8 };
    const failure: unknown = await extractIso(memorySource(image('test_read_format_iso_xorriso.iso.Z')), sink, limits, {}).catch(
      (e: unknown) => e,
    );
    expect((failure as EngineError).code).toBe('LIMIT_EXCEEDED');
  });
});

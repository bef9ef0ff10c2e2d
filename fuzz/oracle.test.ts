import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../packages/engine/src/core/engine-error.js';
import { mapReaderFailure } from '../packages/engine/src/core/stream-failure.js';
import { judge } from './oracle.js';
import type { FuzzTarget, Phase } from './target.js';

class OwnFallback extends Error {}

/** A target of one phase that answers every input as `run` does. */
function targetOf(run: Phase['run']): FuzzTarget {
  return {
    name: 'probe',
    seedFormats: [],
    fields: [],
    stride: 0,
    generator: fc.constant(new Uint8Array(0)),
    phases: [{ name: 'read', expected: [OwnFallback], run }],
  };
}

const verdictOf = (run: Phase['run']) => judge(targetOf(run), new Uint8Array(1));
const asCorrupt = (error: unknown) => mapReaderFailure(error, false, { classify: () => null, fallback: OwnFallback });

describe('the fuzz oracle', () => {
  it('takes entries, coded errors and the reader’s own fallback as answers', async () => {
    await expect(verdictOf(async () => [])).resolves.toEqual({ ok: true, outcome: 'entries' });
    await expect(verdictOf(() => Promise.reject(new EngineError('CORRUPT_ARCHIVE')))).resolves.toEqual({
      ok: true,
      outcome: 'CORRUPT_ARCHIVE',
    });
    await expect(verdictOf(() => Promise.reject(new OwnFallback('not mine')))).resolves.toMatchObject({ ok: true });
  });

  it('calls a language error a bug, also when a reader passed it on as damage or as "not mine"', async () => {
    const typeError = () => {
      const bytes: Uint8Array | undefined = undefined;
      return (bytes as unknown as Uint8Array)[0];
    };
    const caught = (() => {
      try {
        typeError();
      } catch (error) {
        if (error instanceof Error) return error;
      }
      throw new Error('reading from undefined did not throw');
    })();
    await expect(verdictOf(() => Promise.reject(caught))).resolves.toMatchObject({ ok: false });
    await expect(verdictOf(() => Promise.reject(new RangeError('Invalid array length')))).resolves.toMatchObject({ ok: false });
    await expect(verdictOf(() => Promise.reject(asCorrupt(caught)))).resolves.toMatchObject({ ok: false });
    await expect(verdictOf(() => Promise.reject(new OwnFallback('x', { cause: caught })))).resolves.toMatchObject({ ok: false });
  });

  it('calls INTERNAL, an uncoded error and a plain throw bugs', async () => {
    await expect(verdictOf(() => Promise.reject(new EngineError('INTERNAL')))).resolves.toMatchObject({ ok: false });
    await expect(verdictOf(() => Promise.reject(new Error('disk full')))).resolves.toMatchObject({ ok: false });
    await expect(verdictOf(() => Promise.reject(new Error('plain')))).resolves.toMatchObject({ ok: false });
  });

  it('calls a reader that never answers hung, after 5 s', async () => {
    const verdict = await verdictOf(() => new Promise(() => undefined));
    expect(verdict).toEqual({ ok: false, problem: 'probe read: no answer within 5 s' });
  }, 20_000);
});

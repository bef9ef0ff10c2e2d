import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS_DIR, loadManifest, partsOf } from '@archive-opener/test-support/corpus';
import { applyMutations, mutationArbitrary, type Mutation } from './mutations.js';
import type { FuzzTarget } from './target.js';

/** Seeds bigger than this are left out: mutations near the headers matter, and small inputs run fast. */
const MAX_SEED_BYTES = 256 * 1024;

/** Failing inputs the fuzzer found, one file per input, replayed by `npm test`. */
export const REGRESSIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'regressions');

/** The corpus's single-part archives of the target's formats (readable or not), smallest first. */
export function corpusSeeds(target: FuzzTarget): Uint8Array[] {
  if (!existsSync(join(CORPUS_DIR, 'manifest.json'))) return [];
  return loadManifest()
    .filter((c) => target.seedFormats.includes(c.format) && c.parts === undefined)
    .map((c) => partsOf(c)[0] as string)
    .filter((path) => statSync(path).size <= MAX_SEED_BYTES)
    .sort()
    .map((path) => new Uint8Array(readFileSync(path)));
}

/** What fast-check draws for one run: a generated input, or a seed with a few mutations. */
export type Draw = { generated: Uint8Array } | { seed: number; mutations: Mutation[]; fix: boolean };

export function drawArbitrary(target: FuzzTarget, seeds: readonly Uint8Array[]): fc.Arbitrary<Draw> {
  const generated = target.generator.map((bytes): Draw => ({ generated: bytes }));
  if (seeds.length === 0) return generated;
  const mutated = fc
    .record({
      seed: fc.nat(seeds.length - 1),
      mutations: fc.array(mutationArbitrary, { minLength: 1, maxLength: 8 }),
      fix: fc.boolean(),
    })
    .map((draw): Draw => draw);
  // Mutated seeds of the generator's output too: structure first, then damage.
  const generatedThenMutated = fc
    .tuple(target.generator, fc.array(mutationArbitrary, { minLength: 1, maxLength: 4 }), fc.boolean())
    .map(([bytes, mutations, fix]): Draw => ({ generated: fixed(target, applyMutations(bytes, mutations, target), fix) }));
  return fc.oneof(
    { weight: 3, arbitrary: mutated },
    { weight: 2, arbitrary: generated },
    { weight: 1, arbitrary: generatedThenMutated },
  );
}

export function bytesOfDraw(target: FuzzTarget, seeds: readonly Uint8Array[], draw: Draw): Uint8Array {
  if ('generated' in draw) return draw.generated;
  return fixed(target, applyMutations(seeds[draw.seed] as Uint8Array, draw.mutations, target), draw.fix);
}

/** The target's checksums recomputed (when it has a fix-up and `fix` says so). */
function fixed(target: FuzzTarget, bytes: Uint8Array, fix: boolean): Uint8Array {
  return fix && target.fixup ? target.fixup(bytes) : bytes;
}

/** The saved failing inputs of a target, by file name. */
export function regressionsOf(target: string): { name: string; bytes: Uint8Array }[] {
  const dir = join(REGRESSIONS_DIR, target);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.bin'))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(dir, name))) }));
}

/** Keeps a failing input (named by its hash, so the same input is kept once); returns its path. */
export function saveRegression(target: string, bytes: Uint8Array, problem: string): string {
  const dir = join(REGRESSIONS_DIR, target);
  mkdirSync(dir, { recursive: true });
  const name = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const path = join(dir, `${name}.bin`);
  writeFileSync(path, bytes);
  writeFileSync(join(dir, `${name}.txt`), `${problem}\n`);
  return path;
}

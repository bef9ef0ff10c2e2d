import { statSync } from 'node:fs';

// The engine's bundle (dist/bundle, made by scripts/bundle.ts after `tsc -b`) holds one module per
// Node thread. This file is compiled to dist/host-node/ and bundled into dist/bundle/: from both,
// the bundle is `../bundle/` and the compile's records are `../../tsconfig.tsbuildinfo` (and the
// shared package's beside it).

/** Build records newer than the bundle mean it was made from older code. */
const COMPILE_RECORDS = ['../../tsconfig.tsbuildinfo', '../../../shared/tsconfig.tsbuildinfo'];

/**
 * The bundled module of `name` ('cli', 'worker-entry', 'spool-writer-thread',
 * 'sevenzip-helper-thread'), or null where there is none or it is older than the last compile of
 * the engine or the shared package: after a `tsc -b` alone the compiled modules run, never a
 * bundle of older code. `from` is the module asking (a compiled file in dist/<folder>/).
 */
export function bundledModule(name: string, from: string = import.meta.url): URL | null {
  const bundled = new URL(`../bundle/${name}.js`, from);
  const made = modifiedMs(bundled);
  if (made === null) return null;
  const fresh = COMPILE_RECORDS.every((record) => (modifiedMs(new URL(record, from)) ?? 0) <= made);
  return fresh ? bundled : null;
}

function modifiedMs(file: URL): number | null {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? null;
}

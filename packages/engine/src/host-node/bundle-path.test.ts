import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledModule } from './bundle-path.js';

// A package laid out as the build leaves it: packages/engine/{dist/host-node,dist/bundle,tsconfig.tsbuildinfo}
// beside packages/shared/tsconfig.tsbuildinfo, with chosen modification times.
const root = mkdtempSync(join(tmpdir(), 'ao-bundle-path-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let counter = 0;
function layout(times: { bundle?: number; engine?: number; shared?: number }) {
  const engine = join(root, String((counter += 1)), 'engine');
  mkdirSync(join(engine, 'dist/host-node'), { recursive: true });
  mkdirSync(join(engine, 'dist/bundle'), { recursive: true });
  mkdirSync(join(engine, '../shared'), { recursive: true });
  const files = {
    bundle: join(engine, 'dist/bundle/cli.js'),
    engine: join(engine, 'tsconfig.tsbuildinfo'),
    shared: join(engine, '../shared/tsconfig.tsbuildinfo'),
  };
  for (const [which, seconds] of Object.entries(times)) {
    const file = files[which as keyof typeof files];
    writeFileSync(file, '');
    utimesSync(file, seconds, seconds);
  }
  return { asking: pathToFileURL(join(engine, 'dist/host-node/bundle-path.js')).href, bundle: pathToFileURL(files.bundle).href };
}

describe('bundledModule', () => {
  it('gives the bundle made after the last compile of the engine and the shared package', () => {
    const { asking, bundle } = layout({ bundle: 3000, engine: 2000, shared: 1000 });
    expect(bundledModule('cli', asking)?.href).toBe(bundle);
    // Asked from inside the bundle itself, the same file.
    expect(bundledModule('cli', bundle)?.href).toBe(bundle);
  });

  it('gives none older than either compile, so a `tsc -b` alone runs the compiled modules', () => {
    expect(bundledModule('cli', layout({ bundle: 3000, engine: 4000, shared: 1000 }).asking)).toBeNull();
    expect(bundledModule('cli', layout({ bundle: 3000, engine: 2000, shared: 4000 }).asking)).toBeNull();
  });

  it('gives none where there is no bundle, and takes a missing build record as older', () => {
    expect(bundledModule('cli', layout({ engine: 2000 }).asking)).toBeNull();
    expect(bundledModule('worker-entry', layout({ bundle: 3000 }).asking)).toBeNull();
    const { asking, bundle } = layout({ bundle: 3000 });
    expect(bundledModule('cli', asking)?.href).toBe(bundle);
  });
});

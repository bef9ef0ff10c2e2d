import { closeSync, copyFileSync, linkSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { SevenZipModule } from '7z-wasm';
import type { InputMounter } from '../core/output-sink.js';
import { mountViewFile } from './view-file.js';

/**
 * Shows 7-Zip the archive's parts through NODEFS (read in place, never copied into memory).
 * Volumes must sit side by side under their own names; parts from different folders are
 * hard-linked (or, across devices, copied) into one private folder first.
 */
export function nodeInputs(paths: readonly string[]): InputMounter & { cleanup(): void } {
  const first = paths[0];
  if (first === undefined) throw new Error('no input');
  const dirs = new Set(paths.map((p) => dirname(p)));
  let gathered: string | null = null;
  let folder = dirname(first);
  if (dirs.size > 1) {
    gathered = mkdtempSync(join(tmpdir(), 'archive-opener-parts-'));
    for (const part of paths) {
      const target = join(gathered, basename(part));
      try {
        linkSync(part, target);
      } catch {
        copyFileSync(part, target);
      }
    }
    folder = gathered;
  }
  const descriptors: number[] = [];
  return {
    mount(sz: SevenZipModule) {
      sz.FS.mkdir('/in');
      sz.FS.mount(sz.NODEFS, { root: folder }, '/in');
      return `/in/${basename(first)}`;
    },
    mountView(sz, view) {
      // Closed at cleanup: the instance reads through it until it is done.
      const fd = openSync(first, 'r');
      descriptors.push(fd);
      return mountViewFile(sz, '/view', view, fd);
    },
    cleanup() {
      for (const fd of descriptors.splice(0)) closeSync(fd);
      if (gathered) rmSync(gathered, { recursive: true, force: true });
    },
  };
}

import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import type { SevenZipModule } from '7z-wasm';
import type { OutputSink } from '../core/output-sink.js';

const STAGING_MOUNT = '/out';

/**
 * Writes extracted entries under `root` on disk. 7-Zip writes into a private staging folder
 * inside `root` (same device, so adopting a file is a rename, not a copy); only the engine's
 * sanitised, unique paths ever appear in `root` itself.
 */
export function diskSink(root: string): OutputSink & { readonly written: readonly string[] } {
  const staging = join(root, `.archive-opener-staging-${randomBytes(6).toString('hex')}`);
  const written: string[] = [];
  const madeDirs: string[] = [];
  const ensureParent = async (path: string) => mkdir(dirname(join(root, path)), { recursive: true });

  return {
    written,
    async writeFile(path, data) {
      await ensureParent(path);
      written.push(path);
      await data.pipeTo(Writable.toWeb(createWriteStream(join(root, path), { flags: 'wx' })));
    },
    async makeDirectory(path) {
      await mkdir(join(root, path), { recursive: true });
      madeDirs.push(path);
    },
    mountStaging(sz: SevenZipModule) {
      // NODEFS needs the folder before mounting, and mountStaging is synchronous by contract.
      mkdirSync(staging, { recursive: true });
      sz.FS.mkdir(STAGING_MOUNT);
      sz.FS.mount(sz.NODEFS, { root: staging }, STAGING_MOUNT);
      return STAGING_MOUNT;
    },
    async adoptStaged(_sz, stagedPath, finalPath) {
      await ensureParent(finalPath);
      written.push(finalPath);
      await rename(join(staging, stagedPath.slice(STAGING_MOUNT.length)), join(root, finalPath));
    },
    async clearStaging() {
      await rm(staging, { recursive: true, force: true });
    },
    async discard() {
      for (const path of written.splice(0)) await rm(join(root, path), { force: true });
      for (const path of madeDirs.splice(0).reverse()) await rmdir(join(root, path)).catch(() => undefined);
      await rm(staging, { recursive: true, force: true });
    },
  };
}

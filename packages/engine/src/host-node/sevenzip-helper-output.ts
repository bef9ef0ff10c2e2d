import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HELPER_EXTRACTS_TO } from '../sevenzip/helper-instance.js';
import type { HelperOutput } from '../sevenzip/helper-protocol.js';
import { memfsNode } from '../sevenzip/memfs-file-ops.js';
import { diskSpool, keepTimesAndMode } from './disk-spool.js';

/** The folder a disk sink gives a second 7-Zip instance (disk-sink.ts's `helperDestination`). */
export interface HelperDestination {
  dir: string;
  /**
   * The rest of a file cut in two, which this instance extracts as `name`: it goes into the
   * disk file `diskPath` from `offset` on, where the first instance writes the first part.
   */
  cutPart?: { name: string; diskPath: string; offset: number };
}

/**
 * A file the second instance made, closed, with its times and mode: the sink renames it in (the
 * rest of a file cut in two is the joined file itself, which the first part's adoption moves).
 */
export interface HelperFile {
  diskPath: string;
}

/**
 * The second instance's files go to disk as the first instance's do (disk-spool.ts, with its
 * own writer thread), into the sink's folder for it; each is then handed over as its path.
 */
export function helperDiskOutput(destination: HelperDestination): HelperOutput<HelperFile> {
  mkdirSync(destination.dir, { recursive: true });
  const spool = diskSpool(destination.dir);
  let kept = 0;
  return {
    attach(sz, dir) {
      spool.attach(sz, dir);
      const part = destination.cutPart;
      if (part) spool.place(`${HELPER_EXTRACTS_TO}/${part.name}`, part.diskPath, part.offset);
    },
    take(sz, path) {
      const spooled = spool.take(sz, path);
      if (spooled !== null) return { diskPath: spooled };
      // Empty, or held by the in-memory file system: written out here, with its times and mode.
      const diskPath = join(destination.dir, `kept-${(kept += 1)}`);
      writeFileSync(diskPath, sz.FS.readFile(path), { flag: 'wx' });
      keepTimesAndMode(diskPath, memfsNode(sz, path));
      sz.FS.unlink(path);
      return { diskPath };
    },
    close: () => spool.closeAll(),
  };
}

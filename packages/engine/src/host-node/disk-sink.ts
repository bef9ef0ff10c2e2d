import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { constants, copyFile, rm, rmdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import type { EntryStamp, OutputSink } from '../core/output-sink.js';
import { memfsNode } from '../sevenzip/memfs-file-ops.js';
import { diskSpool, keepTimesAndMode } from './disk-spool.js';
import { stampFolder, stampOpenFile } from './entry-stamp.js';
import { checkJoinedFile } from './joined-file-check.js';
import type { HelperDestination, HelperFile } from './sevenzip-helper-output.js';

/**
 * Writes extracted entries under `root` on disk. 7-Zip's files go to a private staging folder
 * inside `root` (`spoolSevenZip`) (same device, so adopting a file is a rename, not a copy; see disk-spool.ts),
 * or, where the listing proves adoption keeps 7-Zip's names and `root` held nothing, straight
 * where they end up (`writeInPlace`): only the engine's sanitised, unique paths ever appear in
 * `root` itself. A file or folder
 * already in `root` is never written over, and `discard` removes only what this sink created:
 * a caller that gives a folder holding files of its own loses none of them.
 *
 * File contents are written synchronously. The engine runs in a worker thread of its own, and
 * the decoding it waits for runs elsewhere (zlib on libuv's pool) or is synchronous already
 * (7-Zip, inflateRawSync); a write through the thread pool only added a round trip per file.
 * Measured on the bench's 50 MB archives, runs alternated: tar.gz (1 MiB gzip pieces) 0.28-0.38 s
 * through the pool, 0.24-0.35 s synchronously; zip 0.43-0.54 s and 0.42-0.48 s.
 */
export function diskSink(outDir: string): OutputSink {
  // Absolute: folders are compared with what mkdir answers.
  const root = resolve(outDir);
  const staging = join(root, `.archive-opener-staging-${randomBytes(6).toString('hex')}`);
  /** Files this sink created, relative to `root`, in order. */
  const written = new Set<string>();
  const spool = diskSpool(staging);
  /** Whether `root` held nothing when the sink was made: then all in it is the sink's own. */
  const rootWasEmpty = isEmptyOrMissing(root);
  /** Folders this sink created (absolute), not those that were there already. */
  const createdDirs = new Set<string>();
  /** The archive's times for folders (absolute), set by `finish`: each file written into a folder changes its time. */
  const folderTimes = new Map<string, number>();
  const noteCreated = (dir: string, first: string | undefined) => {
    // mkdir's answer is the first folder it had to make: it and those below it up to `dir` are
    // new. `root` itself stays, as it always has: the caller named it.
    if (first === undefined) return;
    for (let at = dir; at.length >= first.length && at.startsWith(`${root}/`); at = dirname(at)) createdDirs.add(at);
  };
  // Folders already made: most entries share a parent. Made synchronously: once per folder, it
  // costs less than a thread-pool round trip, and concurrent writers never race to make it.
  const madeParents = new Set<string>();
  const ensureParent = (path: string) => {
    const parent = dirname(join(root, path));
    if (madeParents.has(parent)) return;
    noteCreated(parent, mkdirSync(parent, { recursive: true }));
    madeParents.add(parent);
  };
  /** Creates the file, failing if anything is there already; only then is it the sink's to remove. */
  const create = (path: string): number => {
    ensureParent(path);
    const fd = openSync(join(root, path), 'wx');
    written.add(path);
    return fd;
  };
  const writeNew = (path: string, chunks: Iterable<Uint8Array>, stamp?: EntryStamp) => {
    const fd = create(path);
    try {
      for (const chunk of chunks) writeAll(fd, chunk);
      stampOpenFile(fd, stamp);
    } finally {
      closeSync(fd);
    }
  };

  /** Moves a finished file of the staging folder to `finalPath`, which must be free. */
  const moveIn = (from: string, finalPath: string) => {
    ensureParent(finalPath);
    const target = join(root, finalPath);
    // rename replaces what is at the target: look first. Only this sink writes in `root` while
    // it extracts, so nothing can appear between the look and the rename; in a folder that was
    // empty, only what this sink wrote can be there, and it need not ask the disk (an lstat per
    // file was 0.4 s of 100,000 small files' extraction).
    if (rootWasEmpty ? written.has(finalPath) : lstatSync(target, { throwIfNoEntry: false })) {
      throw Object.assign(new Error(`EEXIST: file already exists, rename to '${target}'`), { code: 'EEXIST' });
    }
    renameSync(from, target);
    written.add(finalPath);
  };
  /** Folders given to 7-Zip instances on other threads (sevenzip-helper.ts), inside `staging`. */
  let helpers = 0;
  /** A file a helper handed over: only files of the helpers' folders, inside this sink's staging folder. */
  const helperFile = (taken: unknown): string => {
    const { diskPath } = taken as HelperFile;
    if (typeof diskPath !== 'string' || !resolve(diskPath).startsWith(`${staging}/helper-`)) {
      throw new Error('A 7-Zip helper handed over a file outside its folder.');
    }
    return diskPath;
  };

  return {
    async writeFile(path, data, stamp) {
      const fd = create(path);
      try {
        for await (const chunk of data) writeAll(fd, chunk);
        stampOpenFile(fd, stamp);
      } finally {
        closeSync(fd);
      }
    },
    async writeBytes(path, data, stamp) {
      writeNew(path, data instanceof Uint8Array ? [data] : data, stamp);
    },
    // Written synchronously above: nothing here holds the bytes after.
    writeBytesLetsGo: true,
    async copyFile(from, to) {
      ensureParent(to);
      try {
        await copyFile(join(root, from), join(root, to), constants.COPYFILE_EXCL);
      } catch (error) {
        // Any failure but EEXIST happened with no file there before: what is there now is ours.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') written.add(to);
        throw error;
      }
      written.add(to);
    },
    async makeDirectory(path, stamp) {
      // Synchronous and remembered, as the files' parents are: a thread-pool round trip per
      // folder cost more than the mkdir.
      const dir = join(root, path);
      if (stamp?.modified != null) folderTimes.set(dir, stamp.modified);
      if (madeParents.has(dir)) return;
      noteCreated(dir, mkdirSync(dir, { recursive: true }));
      madeParents.add(dir);
    },
    spoolSevenZip: () => ({
      attach(sz, dir) {
        // Synchronous: before 7-Zip runs, nothing else waits.
        mkdirSync(staging, { recursive: true });
        spool.attach(sz, dir);
      },
      async adopt(sz, stagedPath, finalPath) {
        // Synchronous on purpose: a rename is tens of microseconds of work, and each waiting for
        // a thread-pool round trip made 303 files take 0.11-0.16 s to adopt instead of 0.03 s.
        // The thread is blocked by 7-Zip's run just before anyway.
        const spooled = spool.take(sz, stagedPath);
        // The staging folder is inside `root` too: only a file outside it was written in place.
        const inPlace =
          spooled?.startsWith(`${root}/`) && !spooled.startsWith(`${staging}/`) ? spooled.slice(root.length + 1) : null;
        // Written where it ends up (writeInPlace): nothing to move.
        if (inPlace === finalPath) return true;
        // Adoption named it otherwise after all: it moves like a staged file, and its first place is free again.
        if (inPlace !== null) written.delete(inPlace);
        if (spooled === null) {
          // Empty, or given back to the in-memory file system: written here, to keep its times and mode.
          writeNew(finalPath, [sz.FS.readFile(stagedPath)]);
          keepTimesAndMode(join(root, finalPath), memfsNode(sz, stagedPath));
          sz.FS.unlink(stagedPath);
          return true;
        }
        moveIn(spooled, finalPath);
        return true;
      },
      helperDestination(cut): HelperDestination {
        helpers += 1;
        const dir = join(staging, `helper-${helpers}`);
        if (!cut) return { dir };
        // Both parts go into one disk file of the staging folder as they are written, each
        // instance's writer thread at its own offset: adopting the first part adopts the file.
        const diskPath = join(staging, `cut-${helpers}`);
        spool.place(cut.ownPath, diskPath, 0);
        return { dir, cutPart: { name: cut.partName, diskPath, offset: cut.offset } };
      },
      writeInPlace(dir, names) {
        // Only where the folder held nothing: there every name is free, and nothing in it is a caller's.
        if (!rootWasEmpty) return false;
        /** The folder of the file before: 7-Zip writes a folder's files one after another. */
        let lastFolder: string | null = null;
        spool.inPlace(dir, (relative) => {
          // A name the listing proved adoption keeps; any other is staged.
          if (!names.has(relative)) return null;
          const folder = relative.slice(0, Math.max(0, relative.lastIndexOf('/')));
          if (folder !== lastFolder) ensureParent(relative);
          lastFolder = folder;
          written.add(relative);
          // Not path.join: a kept name is normal already, and normalising it was ~1 µs a file.
          return `${root}/${relative}`;
        });
        return true;
      },
      async adoptFromHelper(taken, finalPath) {
        moveIn(helperFile(taken), finalPath);
      },
      async checkCutFile(finalPath, size, crc, sums) {
        // Synchronous, as the moves: the thread waits for any reading either way.
        if (!written.has(finalPath)) throw new Error(`${finalPath} is not a file this sink wrote.`);
        checkJoinedFile(join(root, finalPath), size, crc, finalPath, sums);
      },
      async close() {
        spool.closeAll();
        // Files 7-Zip wrote in place and then deleted were never entries: nothing of theirs stays.
        for (const path of spool.untakenInPlace()) {
          rmSync(path, { force: true });
          written.delete(path.slice(root.length + 1));
        }
        // Synchronous: the staging folder is empty once every file was adopted, and removing it
        // through the thread pool took a round trip per step.
        rmSync(staging, { recursive: true, force: true });
      },
    }),
    async finish() {
      // Only folders this sink made: a caller's own folder keeps its time.
      for (const [dir, modified] of folderTimes) if (createdDirs.has(dir)) stampFolder(dir, modified);
      folderTimes.clear();
    },
    async discard() {
      folderTimes.clear();
      const paths = [...written];
      written.clear();
      for (const path of paths) await rm(join(root, path), { force: true });
      // Deepest first; rmdir leaves any folder that is not empty.
      const dirs = [...createdDirs].sort((a, b) => b.length - a.length);
      createdDirs.clear();
      madeParents.clear();
      for (const dir of dirs) await rmdir(dir).catch(() => undefined);
      spool.closeAll();
      await rm(staging, { recursive: true, force: true });
    },
  };
}

/** Whether `dir` is missing or holds nothing. */
function isEmptyOrMissing(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    // Anything else (not a folder, no permission) is for the writes to report; until then, ask the disk.
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** writeSync may write less than asked (a full disk fails on the next call instead). */
function writeAll(fd: number, chunk: Uint8Array): void {
  for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at, chunk.length - at);
}

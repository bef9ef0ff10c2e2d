import { closeSync, constants, ftruncateSync, openSync, readFileSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { SevenZipModule } from '7z-wasm';
import { toEngineError } from '../core/engine-error.js';
import { asBytes, beforeMapping, memfsFileOps, memfsNode, nodesBelow, type MemfsNode } from '../sevenzip/memfs-file-ops.js';
import { keepClosedFileMode, stampClosedFile } from './entry-stamp.js';
import { spoolWriter, type SpoolWriter } from './spool-writer.js';

/** Files kept open at once; 7-Zip writes one file at a time, so others are rarely reopened. */
const OPEN_FILES_MAX = 8;
/**
 * The writer thread starts once this thread has written this much: a small extraction is over
 * before a thread would be ready. Measured on Node with a 46-file, 320 KB 7z, one job after
 * another in a kept engine worker: 52-63 ms with a thread from the second file, 36-46 ms
 * without one. Writing the first 4 MiB here costs a few ms of the large extractions the thread
 * is for, and the thread starts early enough in them to take the rest.
 */
export const WRITER_AFTER_BYTES = 4 * 1024 * 1024;
/** A file the writer thread made: it exists, and a link put in its place is refused. */
const THREAD_MADE_FLAGS = constants.O_RDWR | constants.O_NOFOLLOW;

interface Spooled {
  diskPath: string;
  /** Where the file's bytes start in the disk file: 0, or past another instance's part (`place`). */
  base: number;
  /** Whether the disk file is shared with another spool (`place`). */
  placed: boolean;
  /** This thread's descriptor, for the files it writes itself and for reading any back. */
  fd: number | null;
  /** The file's number for the writer thread, when that thread writes it. */
  threadId: number | null;
  /** The times the writer thread was last asked to set on the file (flushStamp), until it is written to again. */
  stamped?: { accessed: number; modified: number } | undefined;
}

export interface DiskSpool {
  /** Sends the bytes of what 7-Zip writes into `dir` (on MEMFS) of this instance to disk. */
  attach(sz: SevenZipModule, dir: string): void;
  /**
   * The file's path on disk, closed, with the times and permissions 7-Zip gave it; the file is
   * the spool's no longer. Null when MEMFS holds the file itself (it is empty, or was mapped):
   * the caller writes it and calls keepTimesAndMode.
   */
  take(sz: SevenZipModule, path: string): string | null;
  /**
   * Has the file 7-Zip will write at `path` (inside the attached folder) go into `diskPath` from
   * `offset` on, by the writer thread: one part of a file cut in two, whose other part another
   * instance's spool writes into the same disk file (docs/decisions/052-sevenzip-cut-inside-a-file.md).
   * Truncations of it are left out (each part would cut off the other's bytes): the joined
   * file's size and CRC-32 are checked once both are written. Called before 7-Zip runs.
   */
  place(path: string, diskPath: string, offset: number): void;
  /**
   * Has each file 7-Zip makes under `dir` (in MEMFS, the attached folder or one inside it) go to
   * `placeFor(its path relative to dir)`, made new there, instead of a numbered file of the spool's
   * folder; where `placeFor` answers null, to the spool's folder as before. Called before 7-Zip runs.
   */
  inPlace(dir: string, placeFor: (relative: string) => string | null): void;
  /** Closes every file still open and stops the writer thread (the extraction ended or failed). */
  closeAll(): void;
  /**
   * The files written where they end up (`inPlace`) that were never taken: 7-Zip deleted them,
   * or the extraction failed first. Their caller removes them, after closeAll.
   */
  untakenInPlace(): string[];
}

/**
 * Lets 7-Zip extract into the in-memory file system while the bytes of its files go straight
 * to numbered files in `diskDir`: names, folders, times and modes stay in memory, and the only
 * system calls are an open, the writes and a close per file. 7-Zip on Emscripten's NODEFS made
 * seven lstat calls, two chmod and a utimes per file, each through layers of JavaScript: 155 ms
 * of the bench 7z's ~0.6 s in a CPU profile. Names that are not valid text also stay distinct
 * (they would have collapsed into one another on disk) whatever the archive's size.
 *
 * A file may be written anywhere, truncated and read back (a payload 7-Zip unpacks and opens
 * again, a hard link's target): all of it happens on its disk file. Only a memory mapping would
 * give the file back to MEMFS (see beforeMapping).
 *
 * Once WRITER_AFTER_BYTES are written, another thread creates and writes the files that follow
 * (spool-writer.ts): this thread, which runs 7-Zip, only queues their bytes. A file is read back
 * or handed over only once the queue is done up to then.
 */
export function diskSpool(diskDir: string, writerAfterBytes = WRITER_AFTER_BYTES): DiskSpool {
  const files = new WeakMap<MemfsNode, Spooled>();
  let created = 0;
  /** Bytes this thread wrote itself, before the writer thread took over. */
  let writtenHere = 0;
  /** Open files, least recently used first. */
  const open: Spooled[] = [];
  /** Files to be written into a disk file of their own (`place`), by their path in MEMFS. */
  const places = new Map<string, { diskPath: string; offset: number }>();
  /** Where files are written where they end up (`inPlace`): the folder in MEMFS, with a slash. */
  let inPlaceBelow: { prefix: string; placeFor: (relative: string) => string | null } | null = null;
  /** Files written where they end up and not taken yet. */
  const inPlaceFiles = new Set<Spooled>();

  const close = (file: Spooled): void => {
    if (file.fd === null) return;
    closeSync(file.fd);
    file.fd = null;
    open.splice(open.indexOf(file), 1);
  };
  const opened = (file: Spooled, flags: string | number): number => {
    const oldest = open.length >= OPEN_FILES_MAX ? open[0] : undefined;
    if (oldest) close(oldest);
    const fd = openSync(file.diskPath, flags);
    file.fd = fd;
    open.push(file);
    return fd;
  };
  const fdOf = (file: Spooled): number => {
    if (file.fd === null) return opened(file, 'r+');
    if (open.at(-1) !== file) open.push(...open.splice(open.indexOf(file), 1));
    return file.fd;
  };
  let writer: SpoolWriter | null = null;
  let writerStarted = false;
  const startWriter = (): SpoolWriter => {
    writerStarted = true;
    writer ??= spoolWriter(diskDir);
    return writer;
  };
  const create = (node: MemfsNode, memfsPath: string, place: { diskPath: string; offset: number } | undefined): Spooled => {
    flushStamp();
    created += 1;
    if (place) {
      // A part of a large file: its writes are what the thread is for.
      startWriter().name(created, place.diskPath);
      const file: Spooled = { diskPath: place.diskPath, base: place.offset, placed: true, fd: null, threadId: created };
      files.set(node, file);
      return file;
    }
    // Not for the first file either: a lone file (x out of x.gz) is not worth a thread.
    if (!writerStarted && created >= 2 && writtenHere >= writerAfterBytes) startWriter();
    const where = inPlaceBelow && memfsPath.startsWith(inPlaceBelow.prefix) ? inPlaceBelow : null;
    const endsAt = where?.placeFor(memfsPath.slice(where.prefix.length)) ?? null;
    if (endsAt !== null && writer) writer.name(created, endsAt, true);
    const file: Spooled = writer
      ? { diskPath: endsAt ?? join(diskDir, String(created)), base: 0, placed: false, fd: null, threadId: created }
      : { diskPath: endsAt ?? join(diskDir, `own-${created}`), base: 0, placed: false, fd: null, threadId: null };
    // 'wx+': a spool file is always new (the folder is the sink's own), and may be read back.
    if (file.threadId === null) opened(file, 'wx+');
    if (endsAt !== null) inPlaceFiles.add(file);
    files.set(node, file);
    return file;
  };
  /**
   * A file written where it ends up by the writer thread, whose times or mode 7-Zip set last: the
   * thread sets its times through its open descriptor once 7-Zip makes the next file, or the file
   * is taken (its mode, rarely other than new files get, is kept here at adoption). 7-Zip sets
   * the time, then the mode, of each file it closes. Done at adoption instead,
   * a `utimes` by path per file was ~0.5 s of a 100,000-file 7z on this thread. Not for a staged
   * file: its move at adoption then paid the path's look-up instead
   * (docs/decisions/054-sevenzip-files-written-in-place.md, and 050's addendum).
   */
  let pendingStamp: { file: Spooled; node: MemfsNode } | null = null;
  const flushStamp = (): void => {
    if (!pendingStamp) return;
    const { file, node } = pendingStamp;
    pendingStamp = null;
    const id = file.threadId;
    if (id === null || !writer || !inPlaceFiles.has(file)) return;
    onDisk(() => writer?.stamp(id, node.atime, node.mtime));
    file.stamped = { accessed: node.atime, modified: node.mtime };
  };
  /** The file's bytes are all on disk (the writer thread's queue is done up to now). */
  const settled = (file: Spooled): Spooled => {
    flushStamp();
    if (file.threadId !== null) writer?.drain();
    return file;
  };
  /** A descriptor of this thread's, to read (or write) the file here. */
  const fdHere = (file: Spooled): number =>
    file.fd === null && file.threadId !== null ? opened(file, THREAD_MADE_FLAGS) : fdOf(file);
  /** Gives a spooled file back to MEMFS, whole (before a mapping, which needs its bytes). */
  const unspool = (node: MemfsNode): void => {
    const file = files.get(node);
    if (!file) return;
    // Its disk file holds another instance's part too; 7-Zip never maps the files it extracts.
    if (file.placed) throw new Error('A part of a file cut in two cannot be mapped.');
    onDisk(() => settled(file));
    close(file);
    files.delete(node);
    inPlaceFiles.delete(file);
    node.contents = new Uint8Array(readFileSync(file.diskPath));
    node.usedBytes = node.contents.length;
    rmSync(file.diskPath, { force: true });
  };

  return {
    attach(sz, dir) {
      const inside = nodesBelow(sz, dir);
      const ops = memfsFileOps(sz, dir);
      const { write, read } = ops.stream_ops;
      const setattr = ops.node_ops.setattr;
      ops.stream_ops.write = function (this: unknown, stream, data, offset, length, position, canOwn) {
        const node = stream.node;
        let file = files.get(node);
        if (!file && length > 0 && node.usedBytes === 0 && inside(node)) {
          const memfsPath =
            places.size > 0 || inPlaceBelow ? sz.FS.getPath(node as unknown as Parameters<typeof sz.FS.getPath>[0]) : '';
          file = onDisk(() => create(node, memfsPath, places.get(memfsPath)));
        }
        if (!file) return write.call(this, stream, data, offset, length, position, canOwn);
        const bytes = asBytes(data);
        const id = file.threadId;
        file.stamped = undefined;
        if (id !== null) {
          onDisk(() => writer?.write(id, file.base + position, bytes.subarray(offset, offset + length)));
        } else {
          const fd = onDisk(() => fdOf(file));
          onDisk(() => {
            for (let done = 0; done < length;) done += writeSync(fd, bytes, offset + done, length - done, position + done);
          });
          writtenHere += length;
        }
        node.usedBytes = Math.max(node.usedBytes, position + length);
        node.mtime = node.ctime = Date.now();
        return length;
      };
      ops.stream_ops.read = function (this: unknown, stream, target, offset, length, position) {
        const file = files.get(stream.node);
        if (!file) return read.call(this, stream, target, offset, length, position);
        const wanted = Math.max(0, Math.min(length, stream.node.usedBytes - position));
        const bytes = asBytes(target);
        return onDisk(() => {
          const fd = fdHere(settled(file));
          let done = 0;
          while (done < wanted) {
            const got = readSync(fd, bytes, offset + done, wanted - done, file.base + position + done);
            if (got === 0) break;
            done += got;
          }
          return done;
        });
      };
      beforeMapping(ops, unspool);
      ops.node_ops.setattr = function (this: unknown, node, attr) {
        const file = files.get(node);
        if (file && attr.size === undefined && file.threadId !== null && inPlaceFiles.has(file)) {
          setattr.call(this, node, attr);
          if (pendingStamp?.file !== file) flushStamp();
          pendingStamp = { file, node };
          return;
        }
        if (file && attr.size !== undefined) {
          file.stamped = undefined;
          const size = attr.size;
          const id = file.threadId;
          if (!file.placed) onDisk(() => (id === null ? ftruncateSync(fdOf(file), size) : writer?.truncate(id, size)));
          node.usedBytes = attr.size;
          const { size: _size, ...rest } = attr;
          setattr.call(this, node, rest);
          return;
        }
        setattr.call(this, node, attr);
      };
    },
    place(path, diskPath, offset) {
      places.set(path, { diskPath, offset });
    },
    inPlace(dir, placeFor) {
      inPlaceBelow = { prefix: `${dir}/`, placeFor };
    },
    take(sz, path) {
      const node = memfsNode(sz, path);
      const file = files.get(node);
      if (!file) return null;
      onDisk(() => settled(file));
      close(file);
      files.delete(node);
      inPlaceFiles.delete(file);
      // A part past the start leaves the file's time and mode to the part that starts it.
      if (file.base === 0) {
        if (timesStampedAsIs(file, node)) keepClosedFileMode(file.diskPath, node.mode);
        else keepTimesAndMode(file.diskPath, node);
      }
      return file.diskPath;
    },
    closeAll() {
      pendingStamp = null;
      writer?.stop();
      writer = null;
      for (const file of [...open]) close(file);
    },
    untakenInPlace() {
      const paths = [...inPlaceFiles].map((file) => file.diskPath);
      inPlaceFiles.clear();
      return paths;
    },
  };
}

/**
 * A failed system call (a full disk, a folder removed under us) is the host's failure, not the
 * archive's: it leaves 7-Zip as INTERNAL with the system's message, where an Emscripten error
 * would have had 7-Zip report a damaged archive.
 */
function onDisk<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw toEngineError(error);
  }
}

/** Whether the writer thread set the times the node holds now, after the file's last write. */
function timesStampedAsIs(file: Spooled, node: MemfsNode): boolean {
  const { stamped } = file;
  return stamped !== undefined && stamped.accessed === node.atime && stamped.modified === node.mtime;
}

/** Gives a file on disk what 7-Zip set on its node through utime and chmod (MEMFS keeps both; entry-stamp.ts). */
export function keepTimesAndMode(diskPath: string, node: MemfsNode): void {
  stampClosedFile(diskPath, node.atime, node.mtime, node.mode);
}

/// <reference lib="webworker" />
import { DiskTree } from '@archive-opener/shared/allowed-name';
import { ON_THE_DISK } from './client/on-the-disk.js';
import type { OutputSink } from '../core/output-sink.js';
import type { HoldBuffers } from './held-output.js';
import { memorySink } from './memory-sink.js';
import { isStored, type OutputStore, type SinkSlice } from './output-store.js';
import type { FileSlice, FolderTarget } from './worker-protocol.js';

/**
 * Bytes gathered before one write into a file of the visitor's folder: each write is a round
 * trip to the browser process, and a decoder's chunks are 64 KiB.
 */
export const FOLDER_WRITE_BYTES = 4 * 1024 * 1024;

export interface FolderSink extends OutputSink {
  /** Each written file as the page will read it: the file on disk, or its bytes when they were held. */
  readonly files: Map<string, FileSlice>;
  /** The first name that had to change (refused by the disk, or taken but for case) and what it became. */
  renamed(): { from: string; to: string } | null;
}

/**
 * Joins a file's chunks (a decoder's are 64 KiB) into writes of FOLDER_WRITE_BYTES. 200 MB of the
 * bench's zip took 2,887 writes without this, and the browser process's share of each made the
 * run 3× slower. One write may be on its way while the next buffer fills: a write is a round trip
 * to the browser process, in which the decoder would otherwise wait. So two buffers take turns;
 * one is filled again only once its write has settled. A chunk at least that large when nothing
 * is waiting is written as it is, and waited for, since its producer may reuse it.
 */
export function gathering(write: (data: Uint8Array<ArrayBuffer>) => Promise<void>) {
  const spare: Uint8Array<ArrayBuffer>[] = [];
  let buffer: Uint8Array<ArrayBuffer> | null = null;
  let filled = 0;
  /** The write on its way; it never rejects: its failure is kept in `failed`. */
  let sending: Promise<void> = Promise.resolve();
  let failed: { error: unknown } | null = null;
  const settled = async (): Promise<void> => {
    await sending;
    if (failed) throw failed.error;
  };
  const send = async (full: Uint8Array<ArrayBuffer>, size: number): Promise<void> => {
    await settled();
    sending = write(full.subarray(0, size)).then(
      () => void spare.push(full),
      (error: unknown) => void (failed = { error }),
    );
  };
  return {
    async add(chunk: Uint8Array): Promise<void> {
      if (filled === 0 && chunk.length >= FOLDER_WRITE_BYTES) {
        await settled();
        return write(chunk as Uint8Array<ArrayBuffer>);
      }
      let rest = chunk;
      while (rest.length > 0) {
        buffer ??= spare.pop() ?? new Uint8Array(FOLDER_WRITE_BYTES);
        const taken = Math.min(rest.length, buffer.length - filled);
        buffer.set(rest.subarray(0, taken), filled);
        filled += taken;
        rest = rest.subarray(taken);
        if (filled === buffer.length) {
          await send(buffer, filled);
          buffer = null;
          filled = 0;
        }
      }
    },
    async end(): Promise<void> {
      if (buffer && filled > 0) await send(buffer, filled);
      buffer = null;
      filled = 0;
      await settled();
    },
  };
}

/**
 * Writes the extracted files into the visitor's folder as the engine extracts them
 * (docs/decisions/044-extraction-straight-into-a-folder.md): no copy in the site's storage first.
 * Every file is streamed into its own file on disk in writes of FOLDER_WRITE_BYTES; folders are
 * made as their paths need them. A name the browser refuses for this disk is written under an
 * allowed one (allowed-name.ts of packages/shared), and names differing only in case are
 * numbered, as most disks would otherwise merge them: nothing is ever overwritten. Links are
 * never created.
 *
 * 7-Zip writes with system calls inside its run, which cannot wait for the browser's
 * asynchronous file writes: its files go to the output store first (`store`, as in a run that
 * keeps files in the page) and are written into the folder as 7-Zip hands each one over, as
 * slices of the store's File that the browser copies itself.
 *
 * Small files written whole that `hold` allows are also kept as bytes for the page (as the
 * memory sink does), sparing a round trip each; the others are the disk's own Files.
 */
export function folderSink(target: FolderTarget, hold: HoldBuffers, store: OutputStore | null): FolderSink {
  const files = new Map<string, FileSlice>();
  const sevenZipOutput = memorySink(undefined, store);
  let tree = new DiskTree(target.handle, ON_THE_DISK);
  /** `path` inside the made folder: the archive's top folder is that folder itself. */
  const inFolder = (path: string): string => {
    const { top } = target;
    if (top === null) return path;
    if (path === top) return '';
    return path.startsWith(`${top}/`) ? path.slice(top.length + 1) : path;
  };
  /**
   * Creates the file for `path` and writes what `fill` gives into it; then the page reads it from
   * the disk, unless `kept` says its bytes are held for the page already.
   */
  const writeInto = async (
    path: string,
    fill: (write: (data: Uint8Array<ArrayBuffer> | Blob) => Promise<void>) => Promise<void>,
    kept = false,
  ): Promise<void> => {
    const made = await tree.createFile(inFolder(path));
    const writable = await made.createWritable();
    try {
      await fill((data) => writable.write(data));
      await writable.close();
    } catch (error) {
      await writable.abort().catch(() => undefined);
      throw error;
    }
    if (kept) return;
    const file = await made.getFile();
    files.set(path, { blob: file, offset: 0, size: file.size });
  };
  /** The store as a File, taken again once it holds bytes the last one did not. */
  let storeFile: Blob | null = null;
  const storedBytes = async (offset: number, size: number): Promise<Blob> => {
    if (!store) throw new Error('A range of the output store, without a store.');
    if (!storeFile || storeFile.size < offset + size) storeFile = await store.snapshot();
    return storeFile.slice(offset, offset + size);
  };
  /** Writes bytes the page or the store holds (a copy, or a file 7-Zip handed over) as `path`. */
  const writeSlice = (path: string, slice: SinkSlice): Promise<void> =>
    writeInto(path, async (write) => {
      if (!isStored(slice) && !('parts' in slice)) return write(slice.blob.slice(slice.offset, slice.offset + slice.size));
      const gather = gathering(write);
      for (const piece of isStored(slice) ? slice.stored : slice.parts) {
        if (piece instanceof Uint8Array) {
          await gather.add(piece);
          continue;
        }
        // A range of the store: a slice of its File, which the browser copies on its own side
        // (1.2 GB of the bench's 7z: 42 s read back through the worker in 4 MiB, see 044).
        await gather.end();
        await write(await storedBytes(piece.offset, piece.size));
      }
      await gather.end();
    });

  return {
    files,
    renamed: () => tree.renamed,
    writeFile: (path, data) =>
      writeInto(path, async (write) => {
        const gather = gathering(write);
        const reader = data.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) await gather.add(next.value);
        await gather.end();
      }),
    async writeBytes(path, data) {
      const parts = (data instanceof Uint8Array ? [data] : [...data]) as Uint8Array<ArrayBuffer>[];
      const kept = hold(parts);
      await writeInto(
        path,
        async (write) => {
          const gather = gathering(write);
          for (const part of parts) await gather.add(part);
          await gather.end();
        },
        kept,
      );
      if (kept) files.set(path, { parts, size: parts.reduce((sum, part) => sum + part.length, 0) });
    },
    async makeDirectory(path) {
      await tree.folderAt(inFolder(path));
    },
    async copyFile(from, to) {
      const slice = files.get(from);
      if (slice) await writeSlice(to, slice);
    },
    spoolSevenZip() {
      const spool = sevenZipOutput.spoolSevenZip?.();
      if (!spool) throw new Error('The memory sink always spools 7-Zip.');
      return {
        attach: (sz, dir) => spool.attach(sz, dir),
        async adopt(sz, stagedPath, finalPath) {
          if (!(await spool.adopt(sz, stagedPath, finalPath))) return false;
          const slice = sevenZipOutput.files.get(finalPath);
          sevenZipOutput.files.delete(finalPath);
          if (slice) await writeSlice(finalPath, slice);
          return true;
        },
        close: () => spool.close(),
      };
    },
    async discard() {
      await sevenZipOutput.discard();
      files.clear();
      // A fallback reader may write the archive again (engine.ts): it starts from an empty folder.
      tree = new DiskTree(target.handle, ON_THE_DISK);
      // Everything this run made is inside the made folder: the page removes the folder itself.
      // In a shared run the other share's files go too: the page then extracts the archive again
      // in one worker (apps/web's shared-extraction.ts).
      for await (const name of (target.handle as unknown as { keys(): AsyncIterable<string> }).keys())
        await target.handle.removeEntry(name, { recursive: true }).catch(() => undefined);
    },
  };
}

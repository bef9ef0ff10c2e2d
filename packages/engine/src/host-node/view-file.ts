import { readSync } from 'node:fs';
import type { SevenZipModule } from '7z-wasm';
import type { ArchiveView } from '../core/output-sink.js';
import { asBytes, memfsNode, type MemfsRead } from '../sevenzip/memfs-file-ops.js';

/**
 * Shows `view` (its head, the bytes `from`–`to` of the file open as `fd`, its tail) as one
 * read-only file in `dir`, without copying the middle: a MEMFS file whose reads are served from
 * the three parts. MEMFS reads the size from `usedBytes`; the read is the node's own.
 */
export function mountViewFile(sz: SevenZipModule, dir: string, view: ArchiveView, fd: number): string {
  sz.FS.mkdir(dir);
  const path = `${dir}/${view.name}`;
  sz.FS.writeFile(path, new Uint8Array(0));
  const node = memfsNode(sz, path) as unknown as { usedBytes: number; stream_ops: Record<string, unknown> };
  const middle = view.to - view.from;
  const size = view.head.length + middle + view.tail.length;
  node.usedBytes = size;
  const read: MemfsRead = (_stream, buffer, offset, length, position) => {
    const target = asBytes(buffer);
    const end = Math.min(size, position + length);
    let at = position;
    while (at < end) {
      const into = offset + (at - position);
      if (at < view.head.length) {
        const part = view.head.subarray(at, Math.min(view.head.length, end));
        target.set(part, into);
        at += part.length;
      } else if (at < view.head.length + middle) {
        const upTo = Math.min(end, view.head.length + middle);
        const got = readSync(fd, target, into, upTo - at, view.from + (at - view.head.length));
        if (got <= 0) break;
        at += got;
      } else {
        const start = at - view.head.length - middle;
        const part = view.tail.subarray(start, Math.min(view.tail.length, end - view.head.length - middle));
        target.set(part, into);
        at += part.length;
      }
    }
    return Math.max(0, at - position);
  };
  node.stream_ops = { ...node.stream_ops, read };
  return path;
}

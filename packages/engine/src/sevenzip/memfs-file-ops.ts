import type { SevenZipModule } from './sevenzip-module.js';

/** The fields of an Emscripten MEMFS file node that hosts read and keep true. */
export interface MemfsNode {
  contents: Uint8Array | null;
  usedBytes: number;
  mode: number;
  atime: number;
  mtime: number;
  ctime: number;
  parent: MemfsNode;
}

export interface MemfsStream {
  node: MemfsNode;
}

/** `buffer` is often the WASM heap, an Int8Array. */
export type MemfsRead = (
  stream: MemfsStream,
  buffer: ArrayBufferView,
  offset: number,
  length: number,
  position: number,
) => number;
export type MemfsWrite = (
  stream: MemfsStream,
  buffer: ArrayBufferView,
  offset: number,
  length: number,
  position: number,
  canOwn?: boolean,
) => number;
export type MemfsStreamOp = (stream: MemfsStream, ...rest: unknown[]) => unknown;
export type MemfsSetAttr = (node: MemfsNode, attr: { size?: number; mode?: number; atime?: number; mtime?: number }) => void;

/** The operations every MEMFS file of one 7-Zip instance shares: replacing one changes them all. */
export interface MemfsFileOps {
  stream_ops: { read: MemfsRead; write: MemfsWrite; mmap: MemfsStreamOp; msync: MemfsStreamOp };
  node_ops: { setattr: MemfsSetAttr };
}

/**
 * MEMFS is not exported by the 7z-wasm build: its shared tables are reached through a file made
 * for the purpose in `dir` (which must be on MEMFS) and removed again.
 */
export function memfsFileOps(sz: SevenZipModule, dir: string): MemfsFileOps {
  const probe = `${dir}/.ops-probe`;
  const stream = sz.FS.open(probe, 'w') as unknown as {
    stream_ops: MemfsFileOps['stream_ops'];
    node: { node_ops: MemfsFileOps['node_ops'] };
  };
  sz.FS.close(stream as never);
  sz.FS.unlink(probe);
  return { stream_ops: stream.stream_ops, node_ops: stream.node.node_ops };
}

/**
 * Has `giveBack` run before MEMFS maps a file into memory: a host that keeps a file's bytes
 * elsewhere must hand them to MEMFS first. (This 7z-wasm build cannot map files, its mmapAlloc
 * aborts; the hook is there so that a later build never maps a file MEMFS holds no bytes of.)
 */
export function beforeMapping(ops: MemfsFileOps, giveBack: (node: MemfsNode) => void): void {
  const wrap = (op: MemfsStreamOp): MemfsStreamOp =>
    function (this: unknown, stream, ...rest) {
      giveBack(stream.node);
      return op.call(this, stream, ...rest);
    };
  ops.stream_ops.mmap = wrap(ops.stream_ops.mmap);
  ops.stream_ops.msync = wrap(ops.stream_ops.msync);
}

/** Tells whether a node lies anywhere below `dir` (the file system's root is its own parent). */
export function nodesBelow(sz: SevenZipModule, dir: string): (node: MemfsNode) => boolean {
  const root = sz.FS.lookupPath(dir).node as unknown as MemfsNode;
  return (node) => {
    for (let at = node.parent; ; at = at.parent) {
      if (at === root) return true;
      if (at.parent === at) return false;
    }
  };
}

export function memfsNode(sz: SevenZipModule, path: string): MemfsNode {
  return sz.FS.lookupPath(path).node as unknown as MemfsNode;
}

/** The same memory as bytes: copies between arrays of one type are plain memory copies. */
export function asBytes(view: ArrayBufferView): Uint8Array {
  return view instanceof Uint8Array ? view : new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

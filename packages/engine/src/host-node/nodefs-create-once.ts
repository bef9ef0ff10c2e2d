import type { SevenZipModule } from '7z-wasm';

/** The part of Emscripten's NODEFS this changes (internal to the 7z-wasm build). */
interface NodeFs {
  node_ops: { mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown };
  createNode: (parent: unknown, name: string, mode: number, dev: number) => unknown;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

/**
 * Lets each file 7-Zip extracts be created on disk once instead of twice. NODEFS makes a new
 * file when its node is made (an empty write: open, close) and the open that follows, which
 * always comes with O_CREAT, opens it again. File creation is the dearest call of an extraction
 * on some disks (strace on this project's VMs: ~0.24 ms per create; 606 creates took 143 ms for
 * 303 files, 7zz's own 303 took 74 ms). The node is made here without touching the disk, and the
 * open creates the file. Directories and everything else keep NODEFS's own behaviour.
 *
 * Called on a fresh 7-Zip instance, whose NODEFS belongs to it alone.
 */
export function createFilesOnOpen(sz: SevenZipModule): void {
  const nodefs = sz.NODEFS as unknown as NodeFs;
  const mknod = nodefs.node_ops.mknod;
  nodefs.node_ops.mknod = (parent, name, mode, dev) =>
    (mode & S_IFMT) === S_IFREG ? nodefs.createNode(parent, name, mode, dev) : mknod(parent, name, mode, dev);
}

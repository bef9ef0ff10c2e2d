import type { EntryType } from '../core/types.js';
import { corrupt, type Extent, type IsoImage } from './iso-image.js';
import { readRockRidge, suspSkip, type RockRidge } from './iso-susp.js';
import {
  FLAG_DIRECTORY,
  FLAG_MULTI_EXTENT,
  firstRecord,
  isSelfOrParent,
  readVolume,
  recordsOf,
  type DirRecord,
  type Volume,
} from './iso-volume.js';

/** One entry of the image, with everything needed to list it and to read its content. */
export interface IsoNode {
  /** `/`-separated path as stored (the best names the image has). */
  name: string;
  type: EntryType;
  /** Content bytes (after zisofs decompression); 0 for directories and links. */
  size: number;
  extents: Extent[];
  linkTarget?: string;
  /** Set for zisofs-compressed files: the block size as log2. */
  zisofsBlockLog2?: number;
  modified: Date | null;
}

/** Which names the walk uses: Rock Ridge wins, Joliet next, plain ISO 9660 last. */
type Naming = { kind: 'rock-ridge'; skip: number } | { kind: 'joliet' } | { kind: 'plain' };

/** Deeper than any real image (Rock Ridge relocates beyond 8 levels; paths stop at 4096 bytes anyway). */
const MAX_DEPTH = 1024;
/** Joliet paths, in UTF-16 units, that libarchive also accepts (1024 bytes); the standard allows far less. */
const MAX_JOLIET_PATH = 512;
const MAX_DIRECTORY_BYTES = 64 << 20;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;
const utf16be = new TextDecoder('utf-16be');
const utf8 = new TextDecoder('utf-8');

/** Reads the whole directory tree (no content): directories before what they hold. */
export async function readTree(image: IsoImage): Promise<IsoNode[]> {
  const volume = await readVolume(image);
  image.blockSize = volume.blockSize;
  const naming = await chooseNaming(image, volume);
  const root = naming.kind === 'joliet' && volume.jolietRoot ? volume.jolietRoot : volume.root;
  const walk = new TreeWalk(image, naming);
  await walk.directory(root.extent, root.dataLength, '', 0);
  return walk.nodes;
}

async function chooseNaming(image: IsoImage, volume: Volume): Promise<Naming> {
  const first = await image.read(volume.root.extent * image.blockSize, Math.min(volume.root.dataLength, 2048), 'root directory');
  const self = firstRecord(first);
  const skip = self ? suspSkip(self.systemUse) : null;
  if (skip !== null) return { kind: 'rock-ridge', skip };
  return volume.jolietRoot ? { kind: 'joliet' } : { kind: 'plain' };
}

class TreeWalk {
  readonly nodes: IsoNode[] = [];
  /** Directory extents already read: one seen again is a loop (or a trap). */
  private readonly visited = new Set<number>();
  private directoryBytes = 0;

  constructor(
    private readonly image: IsoImage,
    private readonly naming: Naming,
  ) {}

  async directory(lba: number, length: number, path: string, depth: number): Promise<void> {
    if (depth > MAX_DEPTH) throw corrupt('directories are nested implausibly deep');
    if (this.visited.has(lba)) throw corrupt('a directory contains itself');
    // Every directory holds at least "." and "..": an empty one is a forged record.
    if (length === 0) throw corrupt('a directory has no records');
    this.visited.add(lba);
    this.directoryBytes += length;
    if (length > MAX_DIRECTORY_BYTES || this.directoryBytes > this.image.size * 4 + MAX_DIRECTORY_BYTES) {
      throw corrupt('directories are implausibly large');
    }
    const bytes = await this.image.read(lba * this.image.blockSize, length, 'a directory');
    const subdirectories: [number, number, string][] = [];
    let pending: DirRecord[] = [];
    for (const record of recordsOf(bytes)) {
      if (isSelfOrParent(record)) continue;
      pending.push(record);
      if (record.flags & FLAG_MULTI_EXTENT && !(record.flags & FLAG_DIRECTORY)) continue; // continues in the next record
      const parts = pending;
      pending = [];
      const node = await this.entry(parts, path);
      if (!node) continue;
      this.nodes.push(node.node);
      if (node.node.type === 'dir') subdirectories.push([node.lba, node.length, node.node.name]);
    }
    if (pending.length > 0) throw corrupt('a multi-extent file has no last extent');
    for (const [childLba, childLength, childPath] of subdirectories) {
      await this.directory(childLba, childLength, childPath, depth + 1);
    }
  }

  private async entry(parts: DirRecord[], parent: string): Promise<{ node: IsoNode; lba: number; length: number } | null> {
    const first = parts[0];
    if (!first) return null;
    const rr = this.naming.kind === 'rock-ridge' ? await readRockRidge(this.image, first.systemUse, this.naming.skip) : null;
    if (rr?.relocated) return null; // listed where its CL record stands
    const name = this.nameOf(first, rr);
    if (name === '') return null;
    if (this.naming.kind === 'joliet' && parent.length + name.length + 1 > MAX_JOLIET_PATH) {
      throw corrupt('a Joliet path is implausibly long');
    }
    const node: IsoNode = {
      name: parent === '' ? name : `${parent}/${name}`,
      type: 'file',
      size: 0,
      extents: [],
      modified: first.recorded,
    };
    if (rr?.childLink != null) {
      node.type = 'dir';
      const self = await this.selfRecord(rr.childLink);
      return { node, lba: self.extent, length: self.dataLength };
    }
    const type = typeOf(first, rr);
    if (type === null) return null; // devices, FIFOs, sockets: nothing to extract
    node.type = type;
    if (type === 'dir') return { node, lba: first.extent, length: first.dataLength };
    if (type === 'symlink') {
      node.linkTarget = rr?.symlink ?? '';
      return { node, lba: 0, length: 0 };
    }
    for (const part of parts) {
      if (part.dataLength === 0) continue;
      const extent = { offset: part.extent * this.image.blockSize, length: part.dataLength };
      this.image.check(extent.offset, extent.length, `the content of ${node.name}`);
      node.extents.push(extent);
      node.size += extent.length;
    }
    // A ZF entry with a block size zisofs does not have is ignored (as libarchive does): the data is stored plain.
    if (rr?.zisofs && rr.zisofs.blockLog2 >= 15 && rr.zisofs.blockLog2 <= 17) {
      node.size = rr.zisofs.size;
      node.zisofsBlockLog2 = rr.zisofs.blockLog2;
    }
    return { node, lba: 0, length: 0 };
  }

  /** A relocated directory's own "." record: where it is and how long. */
  private async selfRecord(lba: number): Promise<DirRecord> {
    const block = await this.image.block(lba, 'a relocated directory');
    const self = firstRecord(block);
    if (!self || !isSelfOrParent(self)) throw corrupt('a Rock Ridge child link points at no directory');
    return self;
  }

  private nameOf(record: DirRecord, rr: RockRidge | null): string {
    if (rr?.name != null) return rr.name;
    if (this.naming.kind === 'joliet') {
      if (record.name.length % 2 !== 0) throw corrupt('a Joliet name has an odd length');
      return stripVersion(utf16be.decode(record.name));
    }
    return stripVersion(utf8.decode(record.name));
  }
}

/** "README.TXT;1" → "README.TXT"; "NOEXT.;1" → "NOEXT". */
function stripVersion(name: string): string {
  return name.replace(/;\d*$/, '').replace(/\.$/, '');
}

function typeOf(record: DirRecord, rr: RockRidge | null): EntryType | null {
  if (rr?.mode != null) {
    const format = rr.mode & S_IFMT;
    if (format === S_IFDIR) return 'dir';
    if (format === S_IFLNK) return 'symlink';
    if (format === S_IFREG) return 'file';
    return null;
  }
  if (rr?.symlink != null) return 'symlink';
  return record.flags & FLAG_DIRECTORY ? 'dir' : 'file';
}

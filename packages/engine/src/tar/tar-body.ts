import type { ByteSource } from './byte-source.js';
import { BLOCK, TarError } from './tar-header.js';
import { SparseContent, type SparseMap } from './tar-sparse.js';

export function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

/** One entry's content: stored bytes (after an optional replayed prefix), rebuilt if sparse. */
export class Body {
  private left: number;
  private finished = false;
  private readonly sparse: SparseContent | null;

  constructor(
    private readonly source: ByteSource,
    private readonly stored: number,
    private prefix: Uint8Array | null,
    map: SparseMap | null,
  ) {
    this.left = stored;
    this.sparse = map ? new SparseContent(source, map) : null;
  }

  async read(): Promise<Uint8Array | null> {
    if (this.finished) throw new Error('This tar entry was left: its content must be read before the next entry is asked for.');
    if (this.prefix) {
      const prefix = this.prefix;
      this.prefix = null;
      if (prefix.length > 0) return prefix;
    }
    if (this.sparse) return this.sparse.read();
    if (this.left === 0) return null;
    const chunk = await this.source.read(this.left);
    if (!chunk) throw new TarError('truncated', 'The archive ends inside a file.');
    this.left -= chunk.length;
    return chunk;
  }

  /** Skips what was not read, and the padding to the next header. */
  async finish(): Promise<void> {
    this.finished = true;
    // A replayed prefix is whole blocks: it changes nothing to the padding.
    const rest = this.left - (this.sparse?.consumed ?? 0) + padding(this.stored);
    if ((await this.source.skip(rest)) < rest) throw new TarError('truncated', 'The archive ends inside a file.');
  }
}

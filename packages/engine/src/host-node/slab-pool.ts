/** The smallest slab handed out: tiny entries share the few slabs of this size. */
const MIN_SLAB_BYTES = 64 * 1024;
/**
 * Free slabs are dropped once none was given back for this long: a worker kept warm between
 * jobs (worker-pool.ts) then holds no memory for the next one. Entries follow each other far faster.
 */
const IDLE_DROP_MS = 1000;

/**
 * Output memory kept for reuse between zip entries. Every entry inflated into a fresh buffer
 * made the kernel hand out (and zero) new pages each time: at 1.2 GB of output the CLI took 79 K
 * page faults against native 7-Zip's 0.6 K (docs/decisions/031-node-speed-at-scale.md). A slab
 * given back is handed out again to the next entry that fits in it; at most `keepBytes` wait.
 */
export class SlabPool {
  private readonly free: Buffer[] = [];
  private freeBytes = 0;
  /** Slabs out, by their memory: what `give` takes back (a view of one is enough). */
  private readonly lent = new WeakMap<ArrayBufferLike, Buffer>();
  private idle: NodeJS.Timeout | null = null;

  constructor(
    private readonly keepBytes: number,
    private readonly idleDropMs = IDLE_DROP_MS,
  ) {}

  /** A slab of at least `length` bytes (contents undefined), the smallest free one that fits. */
  take(length: number): Buffer {
    let best = -1;
    this.free.forEach((slab, index) => {
      if (slab.length >= length && (best < 0 || slab.length < (this.free[best] as Buffer).length)) best = index;
    });
    const slab = best >= 0 ? (this.free.splice(best, 1)[0] as Buffer) : Buffer.allocUnsafeSlow(slabBytes(length));
    if (best >= 0) this.freeBytes -= slab.length;
    this.lent.set(slab.buffer, slab);
    return slab;
  }

  /** Takes back the slab `view` lies in, once nothing reads it any more; anything else is ignored. */
  give(view: Uint8Array): void {
    const slab = this.lent.get(view.buffer);
    if (!slab) return;
    this.lent.delete(view.buffer);
    if (this.freeBytes + slab.length > this.keepBytes) return;
    this.free.push(slab);
    this.freeBytes += slab.length;
    this.dropWhenIdle();
  }

  /** How many bytes of free slabs wait to be handed out again. */
  get waitingBytes(): number {
    return this.freeBytes;
  }

  private dropWhenIdle(): void {
    if (this.idle) {
      this.idle.refresh();
      return;
    }
    this.idle = setTimeout(() => {
      this.idle = null;
      this.free.length = 0;
      this.freeBytes = 0;
    }, this.idleDropMs);
    // A pending drop must not keep the process (or a worker thread) alive.
    this.idle.unref();
  }
}

/** Powers of two: entries of similar size reuse each other's slabs. */
function slabBytes(length: number): number {
  return Math.max(MIN_SLAB_BYTES, 2 ** Math.ceil(Math.log2(Math.max(1, length))));
}

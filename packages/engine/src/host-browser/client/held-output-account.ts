import { deviceHeldOutputBudget, HELD_BESIDE_STORE_MAX_BYTES } from '../held-output-budget.js';
import { outputStoresAvailable } from './output-stores.js';

/**
 * The page's account of extracted bytes it holds as ArrayBuffers moved from the workers (the
 * engine's HeldBytes), under one budget for every archive open at once: each extraction may
 * hold what the others leave. A buffer counts until it is garbage collected, which happens once
 * its files are removed from the list, or have been made into Blobs and nothing views it any
 * more; the FinalizationRegistry reports it then. A running extraction counts what it was
 * allowed until its answer comes.
 */
export interface HeldOutputLease {
  /** What the extraction may hold (the request's `holdBytes`). */
  readonly bytes: number;
  /** The answer came with these buffers (none if it failed): they count instead of the lease. */
  settle(buffers: readonly ArrayBuffer[]): void;
}

export interface HeldOutputAccount {
  lease(): HeldOutputLease;
  /** Bytes counted now: buffers not yet collected, and leases not yet settled. */
  counted(): number;
}

export function heldOutputAccount(budget: number): HeldOutputAccount {
  let counted = 0;
  const collected = new FinalizationRegistry<number>((bytes) => {
    counted -= bytes;
  });
  return {
    lease() {
      const bytes = Math.max(0, budget - counted);
      counted += bytes;
      let settled = false;
      return {
        bytes,
        settle(buffers) {
          if (settled) return;
          settled = true;
          counted -= bytes;
          for (const buffer of buffers) {
            counted += buffer.byteLength;
            collected.register(buffer, buffer.byteLength);
          }
        },
      };
    },
    counted: () => counted,
  };
}

let pageAccount: HeldOutputAccount | null = null;

/** The page's one account, sized for this device when first needed (not while prerendering). */
export function leaseHeldOutput(): HeldOutputLease {
  pageAccount ??= heldOutputAccount(
    outputStoresAvailable() ? Math.min(deviceHeldOutputBudget(), HELD_BESIDE_STORE_MAX_BYTES) : deviceHeldOutputBudget(),
  );
  return pageAccount.lease();
}

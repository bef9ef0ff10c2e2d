const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/**
 * How much of an extraction's output the browser's worker may hand to the page as ArrayBuffers
 * (moved to the page, not copied) before the rest goes to the output store (or Blobs). Those
 * ArrayBuffers stay in the tab's memory, so they are kept to a share of the device's: 1/32 of
 * `navigator.deviceMemory` (GiB, rounded; Chromium-based browsers, secure pages only), between
 * 16 and 256 MiB; 128 MiB where the browser does not say.
 */
export function heldOutputBudget(deviceMemoryGiB: number | undefined): number {
  if (deviceMemoryGiB === undefined || !Number.isFinite(deviceMemoryGiB) || deviceMemoryGiB <= 0) return 128 * MiB;
  return Math.min(256 * MiB, Math.max(16 * MiB, Math.round((deviceMemoryGiB * GiB) / 32)));
}

/** `heldOutputBudget` of the device this runs on (page or worker; 128 MiB where nothing says). */
export function deviceHeldOutputBudget(): number {
  return heldOutputBudget((globalThis as { navigator?: { deviceMemory?: number } }).navigator?.deviceMemory);
}

/**
 * The held budget's cap where the output beyond it goes to an output store on disk
 * (docs/decisions/029-output-in-the-origin-private-file-system.md): writing there is cheap, and
 * what is held stays in the tab's memory. Measured on 1.2 GB of output (tar.gz, site end to end):
 * Chromium grew +634 MB with 256 MiB held, +533 MB with 128 MiB.
 */
export const HELD_BESIDE_STORE_MAX_BYTES = 128 * MiB;

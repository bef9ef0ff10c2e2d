/**
 * Decides which of an extraction's bytes the worker hands to the page as its own ArrayBuffers
 * (moved with the answer) instead of Blobs. A Blob costs a copy of every byte into the browser
 * process (44 ms of the ~200 ms a 50 MB zip took in a Chromium worker's profile); a moved buffer
 * costs nothing, but lives in the tab's memory, so only `limit` bytes of buffers are held.
 *
 * Counted by whole buffers, which is what the page ends up holding: a view of part of a buffer
 * moves all of it, and buffers shared by several files count once.
 *
 * Returns whether every buffer under `parts` is now held; when they do not all fit, none is
 * taken and the caller makes a Blob. The caller gives the buffers up: nothing may write to them
 * afterwards (the OutputSink contract), and the answer detaches them from the worker.
 */
export type HoldBuffers = (parts: readonly Uint8Array[]) => boolean;

export const holdNothing: HoldBuffers = (parts) => parts.length === 0;

export function heldOutput(limit: number): HoldBuffers {
  // NaN would compare as room for everything.
  const max = limit >= 0 ? limit : 0;
  const held = new WeakSet<ArrayBuffer>();
  let heldBytes = 0;
  return (parts) => {
    const fresh = new Set<ArrayBuffer>();
    for (const { buffer } of parts) {
      // A SharedArrayBuffer (a threaded WASM heap) cannot move.
      if (!(buffer instanceof ArrayBuffer)) return false;
      if (!held.has(buffer)) fresh.add(buffer);
    }
    let adding = 0;
    for (const buffer of fresh) adding += buffer.byteLength;
    if (heldBytes + adding > max) return false;
    heldBytes += adding;
    for (const buffer of fresh) held.add(buffer);
    return true;
  };
}

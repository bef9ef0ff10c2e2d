/** The farthest a JavaScript Date reaches either side of 1970, in ms (ECMAScript's time values). */
const MAX_TIME_MS = 8.64e15;

/**
 * `ms` when a Date can hold it, else null. A header may say any number (a tar's base-256 field
 * reaches 2^63 seconds): an Invalid Date would throw where a page or a server turns it into text.
 */
export function entryTime(ms: number | null | undefined): number | null {
  return typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME_MS ? ms : null;
}

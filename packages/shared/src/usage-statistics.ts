// The vocabulary of the anonymous extraction statistics, without zod: the page computes an event's
// size step on its first load, where the schema library would be dead weight.
export const EXTRACTION_MODES = ['browser', 'server', 'api', 'legacy'] as const;
export type ExtractionMode = (typeof EXTRACTION_MODES)[number];

export const OUTCOMES = ['success', 'failure', 'cancelled'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Archive sizes in coarse steps, so an event cannot single out one particular file. */
export const SIZE_BUCKETS = [
  { id: 'under-1mb', below: 1024 ** 2 },
  { id: '1-10mb', below: 10 * 1024 ** 2 },
  { id: '10-50mb', below: 50 * 1024 ** 2 },
  { id: '50-200mb', below: 200 * 1024 ** 2 },
  { id: '200mb-1gb', below: 1024 ** 3 },
  { id: 'over-1gb', below: Number.POSITIVE_INFINITY },
] as const;
export type SizeBucket = (typeof SIZE_BUCKETS)[number]['id'];
export const SIZE_BUCKET_IDS = SIZE_BUCKETS.map((bucket) => bucket.id) as [SizeBucket, ...SizeBucket[]];

export function sizeBucket(bytes: number): SizeBucket {
  return (SIZE_BUCKETS.find((bucket) => bytes < bucket.below) ?? SIZE_BUCKETS[SIZE_BUCKETS.length - 1]!).id;
}

/** A format's short lowercase name ('zip', '7z', 'tar.gz'…), the same shape for both modes. */
export const FORMAT_NAME_PATTERN = /^[a-z0-9][a-z0-9.+_-]{0,15}$/;

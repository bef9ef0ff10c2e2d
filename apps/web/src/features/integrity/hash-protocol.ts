/** What crosses the checksum worker's boundary (hash.worker.ts ↔ worker-hasher.ts). */
export interface HashRequest {
  /** Answered in one message, so a batch of small files costs one round trip. */
  batch: number;
  blobs: Blob[];
}

export interface HashAnswer {
  batch: number;
  /** Lower-case hex per blob, in order; null where reading or hashing failed. */
  hashes: (string | null)[];
}

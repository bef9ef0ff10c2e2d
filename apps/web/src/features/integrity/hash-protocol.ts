/** What crosses the checksum worker's boundary (hash.worker.ts ↔ worker-hasher.ts). */
export type HashRequest =
  /** Blobs hashed one after another and answered together: small files share a round trip. */
  | { op: 'blobs'; request: number; blobs: Blob[] }
  /** One whole small file's bytes held in the page, moved (not copied) to the worker. */
  | { op: 'bytes'; request: number; bytes: ArrayBuffer }
  /**
   * A piece of one big file's bytes held in the page, moved (not copied) to the worker; `stream`
   * names the file. Answered with an empty `hashes` until the `last` piece, then with its hash.
   */
  | { op: 'chunk'; request: number; stream: number; bytes: ArrayBuffer; last: boolean };

export interface HashAnswer {
  request: number;
  /** Lower-case hex per blob, in order; null where reading or hashing failed. */
  hashes: (string | null)[];
}

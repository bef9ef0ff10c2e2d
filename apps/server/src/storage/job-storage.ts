// Where a server extraction's bytes live: DATA_DIR/uploads/<job id>/ for the uploaded parts (gone
// once the extraction ends) and DATA_DIR/files/<job id>/ for what it produced (gone at expiry).
// Folders are named by the job's unguessable id, never by anything the visitor sent; files inside
// are reached through the job's manifest, never through a path from a request.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';

export interface JobStorage {
  readonly root: string;
  uploadDir(jobId: string): string;
  filesDir(jobId: string): string;
  /** Creates the data folders (at start). */
  prepare(): Promise<void>;
  removeUpload(jobId: string): Promise<void>;
  removeFiles(jobId: string): Promise<void>;
  /** Job ids that have a folder of `kind`, for the orphan sweep. */
  jobIdsOnDisk(kind: 'uploads' | 'files'): Promise<string[]>;
}

export function jobStorage(root: string): JobStorage {
  const uploads = join(root, 'uploads');
  const files = join(root, 'files');
  const assertId = (jobId: string) => {
    if (!/^[\w-]{16,64}$/.test(jobId)) throw new Error(`not a job id: ${jobId}`);
    return jobId;
  };
  return {
    root,
    uploadDir: (jobId) => join(uploads, assertId(jobId)),
    filesDir: (jobId) => join(files, assertId(jobId)),
    async prepare() {
      await mkdir(uploads, { recursive: true });
      await mkdir(files, { recursive: true });
    },
    removeUpload: (jobId) => rm(join(uploads, assertId(jobId)), { recursive: true, force: true }),
    removeFiles: (jobId) => rm(join(files, assertId(jobId)), { recursive: true, force: true }),
    async jobIdsOnDisk(kind) {
      try {
        return (await readdir(kind === 'uploads' ? uploads : files)).filter((name) => /^[\w-]{16,64}$/.test(name));
      } catch {
        return [];
      }
    },
  };
}

/**
 * The name an uploaded part is stored under inside its job's private folder. Multi-volume sets
 * need their parts' own names side by side (7-Zip finds `x.part2.rar` from `x.part1.rar`), so
 * the name is kept, reduced to a safe single path segment; the same reduction applied to every
 * part keeps a set's naming pattern intact.
 */
export function safePartName(uploaded: string | undefined, index: number): string {
  const base = basename((uploaded ?? '').replace(/\\/g, '/'))
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[.]+/, '')
    .slice(-120);
  return base === '' ? `archive-${index + 1}` : base;
}

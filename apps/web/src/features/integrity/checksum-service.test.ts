import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { makeServerFiles } from '../file-manager/test-files';
import { nativeBlob } from '../file-preview/test-blob';
import { ChecksumService } from './checksum-service';
import { HashCancelled, InPageHasher, type Hasher, type HashSource } from './worker-hasher';

let ids = 0;
async function fileWith(name: string, content = name): Promise<ExtractedFile & { blob: Blob }> {
  const blob = await nativeBlob(content);
  return {
    id: `svc-${++ids}`,
    path: name,
    name,
    size: blob.size,
    blob,
    mimeType: 'text/plain',
    category: 'documents',
    archiveName: 'a.zip',
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The real in-page hashing, holding each batch until released, and noting what it was given. */
class HeldHasher implements Hasher {
  readonly batches: HashSource[][] = [];
  readonly #inner = new InPageHasher();
  #release: (() => void)[] = [];
  #cancelled = 0;

  hash(blobs: HashSource[]): Promise<(string | null)[]> {
    this.batches.push(blobs);
    const cancelledBefore = this.#cancelled;
    return new Promise<void>((resolve) => this.#release.push(resolve)).then(() => {
      if (this.#cancelled !== cancelledBefore) throw new HashCancelled();
      return this.#inner.hash(blobs);
    });
  }

  cancel(): void {
    this.#cancelled += 1;
    this.releaseAll();
  }

  releaseAll(): void {
    for (const release of this.#release.splice(0)) release();
  }
}

const now = (run: () => void) => run();
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

async function untilDone(service: ChecksumService, hasher: HeldHasher, total: number): Promise<void> {
  while (service.progress().done < total) {
    hasher.releaseAll();
    await settle();
  }
}

describe('ChecksumService', () => {
  it('hashes every file of the list without being asked, and counts them', async () => {
    const hasher = new HeldHasher();
    const service = new ChecksumService(hasher, now);
    const files = await Promise.all(['a.txt', 'b.txt', 'c.txt'].map((name) => fileWith(name)));
    service.track(files);
    await untilDone(service, hasher, 3);
    expect(files.map((file) => service.state(file))).toEqual(
      files.map((file) => ({ status: 'done', sha256: sha256(file.name) })),
    );
    expect(service.progress()).toEqual({ done: 3, total: 3 });
  });

  it('hashes the files whose cards are on screen first', async () => {
    const hasher = new HeldHasher();
    const service = new ChecksumService(hasher, (run) => setTimeout(run, 0));
    // One file per batch: each claims over half the batch's bytes.
    const files = (await Promise.all(['1', '2', '3', '4'].map((name) => fileWith(name)))).map((file) => ({
      ...file,
      size: 20 * 1024 * 1024,
    }));
    service.track(files);
    service.show(files[3] as ExtractedFile);
    await settle();
    expect(hasher.batches[0]).toEqual([(files[3] as { blob: Blob }).blob]);
    await untilDone(service, hasher, 4);
    expect(hasher.batches.map((batch) => batch.length)).toEqual([1, 1, 1, 1]);
  });

  it('drops dismissed files and abandons a batch that holds one', async () => {
    const hasher = new HeldHasher();
    const service = new ChecksumService(hasher, now);
    const [first, second] = await Promise.all([fileWith('first.txt'), fileWith('second.txt')]);
    service.track([first, second]);
    await settle();
    expect(hasher.batches).toHaveLength(1);
    service.track([second]);
    await untilDone(service, hasher, 1);
    expect(service.state(first)).toEqual({ status: 'pending' });
    expect(service.state(second)).toMatchObject({ status: 'done' });
    // The abandoned batch's files that were kept were hashed again, on their own.
    expect(hasher.batches.at(-1)).toEqual([(second as { blob: Blob }).blob]);
  });

  it('hashes a big file the page holds from its pieces, alone, without making its Blob', async () => {
    const hasher = new HeldHasher();
    const service = new ChecksumService(hasher, now);
    const pieces = [new Uint8Array(700_000).fill(1), new Uint8Array(600_000).fill(2)];
    let blobMade = false;
    const held: ExtractedFile = {
      ...(await fileWith('held.bin')),
      size: 1_300_000,
      get blob(): Blob {
        blobMade = true;
        return new Blob(pieces);
      },
      contents: () =>
        (async function* () {
          yield* pieces;
        })(),
    };
    const small = await fileWith('small.txt');
    service.track([held, small]);
    await untilDone(service, hasher, 2);
    expect(hasher.batches[0]).toEqual([pieces]);
    expect(blobMade).toBe(false);
    expect(service.state(held)).toEqual({
      status: 'done',
      sha256: createHash('sha256').update(pieces[0]!).update(pieces[1]!).digest('hex'),
    });
  });

  it('gives a server file the checksum the server computed, without hashing it', async () => {
    const hasher = new HeldHasher();
    const service = new ChecksumService(hasher, now);
    const [remote] = makeServerFiles('J1', 'setup.cfg');
    service.track([remote as ExtractedFile]);
    await settle();
    expect(hasher.batches).toEqual([]);
    expect(service.state(remote as ExtractedFile)).toEqual({ status: 'done', sha256: '0'.repeat(64) });
    expect(service.progress()).toEqual({ done: 1, total: 1 });
  });
});

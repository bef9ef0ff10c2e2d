import { describe, expect, it } from 'vitest';
import { makeFile } from '../file-manager/test-files';
import {
  batchPercent,
  isBusy,
  jobsReducer,
  nestingDepth,
  newJobId,
  openedArchiveIds,
  runnable,
  serverQueuePosition,
  summarizeListing,
  withLimit,
  type ArchiveJob,
} from './archive-jobs';

const selection = (name: string, size: number) => ({
  id: newJobId(),
  name,
  size,
  parts: [new File([new Uint8Array(size)], name)],
});
const add = (jobs: ArchiveJob[], ...items: ReturnType<typeof selection>[]) =>
  jobsReducer(jobs, { type: 'add', selections: items, maxBytes: 100 });

describe('jobsReducer', () => {
  it('marks oversize archives and never runs them', () => {
    const jobs = add([], selection('small.zip', 10), selection('huge.zip', 101));
    expect(jobs.map((job) => job.tooLarge)).toEqual([false, true]);
    expect(runnable(jobs).map((job) => job.name)).toEqual(['small.zip']);
  });

  it('keeps a failed archive selectable again (for example after a password error)', () => {
    let jobs = add([], selection('locked.7z', 10));
    const id = jobs[0]!.id;
    jobs = jobsReducer(jobs, { type: 'queue', ids: [id] });
    expect(isBusy(jobs)).toBe(true);
    jobs = jobsReducer(jobs, { type: 'failed', id, error: { code: 'PASSWORD_REQUIRED', message: '' } });
    expect(isBusy(jobs)).toBe(false);
    expect(runnable(jobs).map((job) => job.id)).toEqual([id]);
  });

  it('records a cancellation as cancelled, not failed', () => {
    let jobs = add([], selection('a.zip', 10));
    jobs = jobsReducer(jobs, { type: 'failed', id: jobs[0]!.id, error: { code: 'CANCELLED', message: '' } });
    expect(jobs[0]!.status).toBe('cancelled');
  });

  it('marks archives still waiting as cancelled when the batch is cancelled', () => {
    let jobs = add([], selection('a.zip', 10), selection('b.zip', 10), selection('c.zip', 10));
    jobs = jobsReducer(jobs, { type: 'queue', ids: jobs.map((job) => job.id) });
    jobs = jobsReducer(jobs, { type: 'start', id: jobs[0]!.id });
    jobs = jobsReducer(jobs, { type: 'cancelQueued' });
    expect(jobs.map((job) => job.status)).toEqual(['running', 'cancelled', 'cancelled']);
  });

  it('starts a new selection when files are dropped after a finished run', () => {
    let jobs = add([], selection('a.zip', 10));
    jobs = jobsReducer(jobs, { type: 'done', id: jobs[0]!.id, files: [] });
    jobs = add(jobs, selection('b.zip', 10));
    expect(jobs.map((job) => job.name)).toEqual(['b.zip']);
  });

  it('weights the batch progress by archive size', () => {
    let jobs = add([], selection('big.zip', 90), selection('small.zip', 10));
    jobs = jobsReducer(jobs, { type: 'queue', ids: jobs.map((job) => job.id) });
    jobs = jobsReducer(jobs, { type: 'progress', id: jobs[0]!.id, percent: 50 });
    jobs = jobsReducer(jobs, { type: 'done', id: jobs[1]!.id, files: [] });
    expect(batchPercent(jobs)).toBeCloseTo(55);
  });
});

describe('summarizeListing', () => {
  it('counts files only, totals their sizes, keeps the first names, the shared top folder, whether names stay apart and the format', () => {
    const listing = summarizeListing(
      {
        format: 'zip',
        encryptedHeaders: false,
        entries: [
          { name: 'docs', type: 'dir', size: null, encrypted: false },
          { name: 'docs/a.txt', type: 'file', size: 10, encrypted: false },
          { name: 'docs/b.txt', type: 'file', size: 5, encrypted: true },
        ],
        top: 'docs',
        namesApart: true,
      },
      1,
    );
    expect(listing).toEqual({
      state: 'listed',
      files: 2,
      bytes: 15,
      encrypted: true,
      names: ['docs/a.txt'],
      top: 'docs',
      namesApart: true,
      format: 'zip',
    });
  });

  it('has no total when a size is unknown (a gzip stream, some tars)', () => {
    const listing = summarizeListing(
      { format: 'gz', encryptedHeaders: false, entries: [{ name: 'a', type: 'file', size: null, encrypted: false }] },
      8,
    );
    expect(listing).toMatchObject({ files: 1, bytes: null });
  });
});

describe('nested archives', () => {
  it('measures depth through parents and knows which archives were opened', () => {
    const outer = makeFile('outer.zip', { id: 'outer' });
    const inner = makeFile('outer.zip/inner.zip', { id: 'inner', parentId: 'outer' });
    const deepest = makeFile('outer.zip/inner.zip/x.txt', { id: 'x', parentId: 'inner' });
    const files = [outer, inner, deepest];
    expect(files.map((file) => nestingDepth(file, files))).toEqual([0, 1, 2]);
    expect([...openedArchiveIds(files)]).toEqual(['outer', 'inner']);
  });
});

describe('server mode in the batch', () => {
  it('re-reads "too large" from the chosen mode for archives not yet extracted', () => {
    const jobs = add([], selection('small.zip', 10), selection('mid.zip', 60));
    expect(withLimit(jobs, 100)).toBe(jobs);
    const server = withLimit(jobs, 50);
    expect(server.map((job) => job.tooLarge)).toEqual([false, true]);
    expect(runnable(server).map((job) => job.name)).toEqual(['small.zip']);
    // An archive already extracted is never marked afterwards.
    const done = jobsReducer(jobs, { type: 'done', id: jobs[1]!.id, files: [] });
    expect(withLimit(done, 50)[1]?.tooLarge).toBe(false);
  });

  it('shows the smallest server queue position of the batch and forgets it once a job ends', () => {
    let jobs = add([], selection('a.zip', 10), selection('b.zip', 10));
    const [a, b] = jobs.map((job) => job.id) as [string, string];
    jobs = jobsReducer(jobs, { type: 'queue', ids: [a, b] });
    jobs = jobsReducer(jobs, { type: 'start', id: a });
    jobs = jobsReducer(jobs, { type: 'start', id: b });
    expect(serverQueuePosition(jobs)).toBeNull();
    jobs = jobsReducer(jobs, { type: 'serverQueue', id: a, position: 4 });
    jobs = jobsReducer(jobs, { type: 'serverQueue', id: b, position: 5 });
    expect(serverQueuePosition(jobs)).toBe(4);
    jobs = jobsReducer(jobs, { type: 'serverQueue', id: a, position: null });
    expect(serverQueuePosition(jobs)).toBe(5);
    jobs = jobsReducer(jobs, { type: 'failed', id: b, error: { code: 'CANCELLED', message: '' } });
    expect(serverQueuePosition(jobs)).toBeNull();
  });
});

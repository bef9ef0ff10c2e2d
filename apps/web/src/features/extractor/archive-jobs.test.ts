import { describe, expect, it } from 'vitest';
import { batchPercent, isBusy, jobsReducer, newJobId, runnable, type ArchiveJob } from './archive-jobs';

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

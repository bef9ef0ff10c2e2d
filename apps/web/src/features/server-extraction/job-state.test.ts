import { describe, expect, it } from 'vitest';
import { percentFor } from '../extractor/progress-model';
import { jobState, runningProgress } from './job-state';

const job = { queuePosition: 0, error: null, files: [] };
const file = { id: '0', path: 'a/b.txt', size: 3, type: 'text/plain', sha256: 'f'.repeat(64) };

describe("a running server job's bytes, on the same steps as in the browser", () => {
  it('is opening the archive until the server has bytes to count', () => {
    expect(runningProgress({ bytesDone: 0, bytesTotal: null })).toEqual({ stage: 'processing' });
  });

  it("follows the server's bytes written against the declared total", () => {
    const half = runningProgress({ bytesDone: 512, bytesTotal: 1024 });
    expect(half).toEqual({ stage: 'extracting', bytesDone: 512, bytesTotal: 1024 });
    expect(percentFor(half)).toBe(70);
    expect(percentFor(runningProgress({ bytesDone: 0, bytesTotal: 1024 }))).toBe(50);
    expect(percentFor(runningProgress({ bytesDone: 300, bytesTotal: null }))).toBe(50);
  });

  it('is finalizing (checksums) once every byte is written', () => {
    expect(runningProgress({ bytesDone: 1024, bytesTotal: 1024 })).toMatchObject({ stage: 'finalizing' });
  });
});

describe('jobState', () => {
  it('shows a queued job with its position, its upload done', () => {
    expect(jobState({ ...job, status: 'queued', queuePosition: 3 })).toEqual({
      kind: 'queued',
      position: 3,
      progress: { stage: 'processing' },
    });
    // The server counts from 1; a 0 while still queued still reads as next in line.
    expect(jobState({ ...job, status: 'queued', queuePosition: 0 })).toMatchObject({ position: 1 });
  });

  it('shows a running job on the progress bar', () => {
    expect(jobState({ ...job, status: 'running', bytesDone: 30, bytesTotal: 40 })).toEqual({
      kind: 'running',
      progress: { stage: 'extracting', bytesDone: 30, bytesTotal: 40 },
    });
  });

  it('ends with the files of a completed job', () => {
    expect(jobState({ ...job, status: 'completed', files: [file] })).toEqual({
      kind: 'completed',
      files: [file],
      safety: null,
      expiresAt: null,
    });
  });

  it("ends a failed job with the engine's code, and anything else as an internal error", () => {
    expect(jobState({ ...job, status: 'failed', error: { code: 'WRONG_PASSWORD', message: 'The password is wrong.' } })).toEqual({
      kind: 'failed',
      error: { code: 'WRONG_PASSWORD', message: 'The password is wrong.' },
    });
    expect(jobState({ ...job, status: 'failed', error: { code: 'SOMETHING_NEW', message: 'x' } })).toEqual({
      kind: 'failed',
      error: { code: 'INTERNAL', message: 'x' },
    });
    expect(jobState({ ...job, status: 'failed' })).toMatchObject({ kind: 'failed', error: { code: 'INTERNAL' } });
  });

  it('ends a job whose files were deleted before we saw them as expired', () => {
    expect(jobState({ ...job, status: 'expired' })).toMatchObject({
      kind: 'failed',
      error: { details: { serverProblem: 'expired' } },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { jobState, serverPercent, uploadPercent } from './job-state';

const job = { progress: 0, queuePosition: 0, error: null, files: [] };
const file = { id: '0', path: 'a/b.txt', size: 3, type: 'text/plain', sha256: 'f'.repeat(64) };

describe('the progress of a server run on the panel’s four steps', () => {
  it('fills the first step (0–25 %) with the upload', () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(500, 1000)).toBe(12.5);
    expect(uploadPercent(1000, 1000)).toBe(25);
    expect(uploadPercent(2000, 1000)).toBe(25);
    expect(uploadPercent(10, 0)).toBe(0);
  });

  it("maps the server's 0–100 onto 25–100 %", () => {
    expect(serverPercent(0)).toBe(25);
    expect(serverPercent(50)).toBe(62.5);
    expect(serverPercent(100)).toBe(100);
    expect(serverPercent(140)).toBe(100);
    expect(serverPercent(-3)).toBe(25);
    expect(serverPercent(Number.NaN)).toBe(25);
  });
});

describe('jobState', () => {
  it('shows a queued job with its position, its upload done', () => {
    expect(jobState({ ...job, status: 'queued', queuePosition: 3 })).toEqual({ kind: 'queued', position: 3, percent: 25 });
    // The server counts from 1; a 0 while still queued still reads as next in line.
    expect(jobState({ ...job, status: 'queued', queuePosition: 0 })).toMatchObject({ position: 1 });
  });

  it('shows a running job on the progress bar', () => {
    expect(jobState({ ...job, status: 'running', progress: 92 })).toEqual({ kind: 'running', percent: 94 });
  });

  it('ends with the files of a completed job', () => {
    expect(jobState({ ...job, status: 'completed', progress: 100, files: [file] })).toEqual({
      kind: 'completed',
      files: [file],
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

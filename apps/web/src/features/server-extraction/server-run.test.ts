import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerJobState } from './job-state';
import { extractOnServer } from './server-run';
import { FakeEventSource, FakeXhr } from './test-fakes';

const base = { id: 'job1', progress: 0, queuePosition: 0, error: null, files: [], expiresAt: null };
const file = { id: '0', path: 'a.txt', size: 1, type: 'text/plain', sha256: 'c'.repeat(64) };
const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
let states: ServerJobState[];

beforeEach(() => {
  states = [];
  fetchSpy.mockClear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const start = (timeoutMs?: number) =>
  extractOnServer([new File(['x'], 'a.zip')], {
    password: 'pw',
    onState: (state) => states.push(state),
    ...(timeoutMs ? { timeoutMs } : {}),
  });

/** Lets the upload's answer reach the run, which then opens the event stream. */
async function accept(status = 'queued', queuePosition = 1) {
  FakeXhr.last!.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
  FakeXhr.last!.answer(202, { id: 'job1', status, queuePosition });
  await vi.waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/extractions/job1/events'));
}

describe('extractOnServer', () => {
  it('uploads, shows the queue, follows the job and resolves with its files', async () => {
    FakeEventSource.last = null;
    const run = start();
    await accept();
    FakeEventSource.last!.emit({ ...base, status: 'running', progress: 50, bytesDone: 5, bytesTotal: 10 });
    const safety = { encrypted: true, renamedCount: 0, links: [{ path: 'l', target: '/etc' }], linkCount: 1 };
    FakeEventSource.last!.emit({ ...base, status: 'completed', progress: 100, files: [file], safety });
    await expect(run.result).resolves.toEqual({ jobId: 'job1', files: [file], safety, expiresAt: null });
    expect(states).toEqual([
      { kind: 'uploading', progress: { stage: 'reading', bytesDone: 50, bytesTotal: 100 } },
      { kind: 'queued', position: 1, progress: { stage: 'processing' } },
      { kind: 'running', progress: { stage: 'extracting', bytesDone: 5, bytesTotal: 10 } },
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('on cancel stops following and deletes the job', async () => {
    FakeEventSource.last = null;
    const run = start();
    await accept('running', 0);
    run.cancel();
    await expect(run.result).rejects.toMatchObject({ shape: { code: 'CANCELLED' } });
    expect(FakeEventSource.last!.closed).toBe(true);
    expect(fetchSpy).toHaveBeenCalledWith('/api/extractions/job1', expect.objectContaining({ method: 'DELETE' }));
  });

  it('gives up after the client timeout and deletes the job nobody waits for', async () => {
    vi.useFakeTimers();
    FakeEventSource.last = null;
    const run = start(120_000);
    const outcome = expect(run.result).rejects.toMatchObject({ shape: { details: { serverProblem: 'timeout' } } });
    await accept();
    await vi.advanceTimersByTimeAsync(119_000);
    expect(fetchSpy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await outcome;
    expect(fetchSpy).toHaveBeenCalledWith('/api/extractions/job1', expect.objectContaining({ method: 'DELETE' }));
  });

  it('cancels an upload in progress without a job to delete', async () => {
    const run = start();
    run.cancel();
    await expect(run.result).rejects.toMatchObject({ shape: { code: 'CANCELLED' } });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('leaves a failed job alone', async () => {
    FakeEventSource.last = null;
    const run = start();
    await accept();
    FakeEventSource.last!.emit({ ...base, status: 'failed', error: { code: 'WRONG_PASSWORD', message: 'x' } });
    await expect(run.result).rejects.toMatchObject({ shape: { code: 'WRONG_PASSWORD' } });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

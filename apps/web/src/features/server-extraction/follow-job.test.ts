import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followJob } from './follow-job';
import type { ServerJobState } from './job-state';
import { FakeEventSource } from './test-fakes';

const base = { id: 'job1', progress: 0, queuePosition: 0, error: null, files: [], expiresAt: null };
const file = { id: '0', path: 'setup.cfg', size: 3, type: 'text/plain', sha256: 'a'.repeat(64) };

let states: ServerJobState[];
let controller: AbortController;
const follow = (timeoutMs = 120_000) =>
  followJob('job1', { onState: (state) => states.push(state), signal: controller.signal, timeoutMs, pollMs: 1000 });

beforeEach(() => {
  states = [];
  controller = new AbortController();
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('followJob', () => {
  it('follows the job’s events: queue position, progress, then the files', async () => {
    const done = follow();
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/extractions/job1/events');
    source.emit({ ...base, status: 'queued', queuePosition: 2 });
    source.emit({ ...base, status: 'running', progress: 40, bytesDone: 10, bytesTotal: 40 });
    source.emit({ ...base, status: 'completed', progress: 100, files: [file] });
    await expect(done).resolves.toEqual({ files: [file], safety: null, expiresAt: null });
    expect(states).toEqual([
      { kind: 'queued', position: 2, progress: { stage: 'processing' } },
      { kind: 'running', progress: { stage: 'extracting', bytesDone: 10, bytesTotal: 40 } },
    ]);
    expect(source.closed).toBe(true);
  });

  it("rejects with the job's error code", async () => {
    const done = follow();
    FakeEventSource.last!.emit({ ...base, status: 'failed', error: { code: 'PASSWORD_REQUIRED', message: 'x' } });
    await expect(done).rejects.toMatchObject({ shape: { code: 'PASSWORD_REQUIRED' } });
  });

  it('asks every second instead when the event stream fails', async () => {
    vi.useFakeTimers();
    const answers = [
      { ...base, status: 'running', progress: 10 },
      { ...base, status: 'running', progress: 60 },
      { ...base, status: 'completed', progress: 100, files: [file] },
    ];
    const fetchSpy = vi.fn(async () => Response.json(answers.shift()));
    vi.stubGlobal('fetch', fetchSpy);
    const done = follow();
    FakeEventSource.last!.fail();
    expect(FakeEventSource.last!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect((fetchSpy.mock.calls[0] as unknown[])[0]).toBe('/api/extractions/job1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toEqual({ files: [file], safety: null, expiresAt: null });
    expect(states.map((state) => state.kind)).toEqual(['running', 'running']);
  });

  it('gives up with the timeout problem when the job has not ended in time', async () => {
    vi.useFakeTimers();
    const done = follow(120_000);
    const outcome = expect(done).rejects.toMatchObject({ shape: { details: { serverProblem: 'timeout' } } });
    FakeEventSource.last!.emit({ ...base, status: 'running', progress: 10 });
    await vi.advanceTimersByTimeAsync(120_000);
    await outcome;
    expect(FakeEventSource.last!.closed).toBe(true);
  });

  it('stops on cancel', async () => {
    const done = follow();
    controller.abort();
    await expect(done).rejects.toMatchObject({ shape: { code: 'CANCELLED' } });
    expect(FakeEventSource.last!.closed).toBe(true);
  });

  it('reports a lost connection after polls keep failing', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', undefined);
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    const done = follow();
    const outcome = expect(done).rejects.toMatchObject({ shape: { details: { serverProblem: 'network' } } });
    await vi.advanceTimersByTimeAsync(5000);
    await outcome;
  });
});

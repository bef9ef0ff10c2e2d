import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArchiveJob } from './archive-jobs';
import { runJob } from './job-runner';

const job: ArchiveJob = {
  id: 'a1',
  name: 'photos.zip',
  parts: [new File([new Uint8Array(10)], 'photos.zip')],
  size: 10,
  status: 'running',
  tooLarge: false,
  percent: 0,
  files: [],
};

describe('runJob usage events', () => {
  const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
  beforeEach(() => {
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends no usage event for a server extraction: the server records its own', async () => {
    const run = runJob(job, 'server', { password: '', prefix: '', onPercent: () => undefined, onQueue: () => undefined });
    run.cancel();
    await expect(run.result).rejects.toMatchObject({ shape: { code: 'CANCELLED' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchSpy.mock.calls.filter(([url]) => url === '/api/events')).toEqual([]);
  });
});

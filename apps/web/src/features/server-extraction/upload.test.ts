import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from './test-fakes';
import { uploadArchive } from './upload';

const parts = [new File(['one'], 'a.7z.001'), new File(['two'], 'a.7z.002')];

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
afterEach(() => vi.unstubAllGlobals());

describe('uploadArchive', () => {
  it('posts every part as `file`, in order, with the password, and reports the bytes sent', async () => {
    const progress: number[][] = [];
    const done = uploadArchive(parts, { password: 'secret', onProgress: (loaded, total) => progress.push([loaded, total]) });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/extractions']);
    expect(xhr.body?.getAll('file').map((part) => (part as File).name)).toEqual(['a.7z.001', 'a.7z.002']);
    expect(xhr.body?.get('password')).toBe('secret');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 6 } as ProgressEvent);
    xhr.answer(202, { id: 'job1', status: 'queued', queuePosition: 1 });
    await expect(done).resolves.toEqual({ id: 'job1', status: 'queued', queuePosition: 1 });
    expect(progress).toEqual([[3, 6]]);
  });

  it('sends no password field without a password', async () => {
    const done = uploadArchive(parts);
    expect(FakeXhr.last!.body?.has('password')).toBe(false);
    FakeXhr.last!.answer(202, { id: 'job1', status: 'running', queuePosition: 0 });
    await done;
  });

  it.each([
    [413, { error: { code: 'PAYLOAD_TOO_LARGE', message: '' } }, 'tooLarge'],
    [429, { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 10 minutes' }, 'rateLimited'],
    [429, { error: { code: 'QUEUE_FULL', message: '' } }, 'queueFull'],
    [503, null, 'unavailable'],
    [503, { error: { code: 'STORAGE_FULL', message: '' } }, 'serverBusy'],
  ])('turns HTTP %i into its problem', async (status, body, problem) => {
    const done = uploadArchive(parts);
    FakeXhr.last!.answer(status, body);
    await expect(done).rejects.toMatchObject({ shape: { details: { serverProblem: problem } } });
  });

  it('reports a network failure, and a cancel as CANCELLED', async () => {
    const failed = uploadArchive(parts);
    FakeXhr.last!.onerror?.();
    await expect(failed).rejects.toMatchObject({ shape: { details: { serverProblem: 'network' } } });

    const controller = new AbortController();
    const cancelled = uploadArchive(parts, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ shape: { code: 'CANCELLED' } });
  });
});

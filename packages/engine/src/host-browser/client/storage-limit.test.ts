import { BROWSER_LIMITS, MAX_BROWSER_ARCHIVE_BYTES } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { browserStorageLimit } from './storage-limit.js';

const GiB = 1024 ** 3;

describe('browserStorageLimit', () => {
  it('is the space the browser grants the site, beyond the old fixed limit where there is room', () => {
    const limit = browserStorageLimit({ quota: 60 * GiB, usage: 4 * GiB }, true);
    expect(limit).toEqual({ archiveBytes: 56 * GiB, outputBytes: 56 * GiB, availableBytes: 56 * GiB });
    expect(limit.archiveBytes).toBeGreaterThanOrEqual(16 * GiB);
  });

  it('is smaller than the old limit when the device has less room', () => {
    expect(browserStorageLimit({ quota: 1 * GiB, usage: 0.25 * GiB }, true).archiveBytes).toBe(0.75 * GiB);
    expect(browserStorageLimit({ quota: 1 * GiB, usage: 3 * GiB }, true).availableBytes).toBe(0);
  });

  it('keeps the fixed limits where there is no output store or no estimate', () => {
    const fixed = { archiveBytes: MAX_BROWSER_ARCHIVE_BYTES, outputBytes: BROWSER_LIMITS.maxTotalBytes, availableBytes: null };
    expect(browserStorageLimit({ quota: 60 * GiB, usage: 0 }, false)).toEqual(fixed);
    expect(browserStorageLimit(null, true)).toEqual(fixed);
    expect(browserStorageLimit({ usage: 5 }, true)).toEqual(fixed);
    expect(browserStorageLimit({ quota: Number.NaN }, true)).toEqual(fixed);
  });

  it('counts usage the browser does not report as none', () => {
    expect(browserStorageLimit({ quota: 20 * GiB }, true).availableBytes).toBe(20 * GiB);
  });
});

import { DEFAULT_SERVER_SETTINGS, parseServerSettings } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { build } from '../../testing/helper.js';

describe('GET /api/config', () => {
  it('states the running server’s own numbers, which the pages then show', async () => {
    const app = await build({ env: { RETENTION_MINUTES: '15', MAX_UPLOAD_MB: '20', EXTRACT_CONCURRENCY: '3' } });
    try {
      const res = await app.inject('/api/config');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(parseServerSettings(res.json())).toEqual({ retentionMinutes: 15, maxUploadMb: 20, extractConcurrency: 3 });
    } finally {
      await app.close();
    }
  });

  it('states the defaults when nothing is configured', async () => {
    const app = await build();
    try {
      expect((await app.inject('/api/config')).json()).toEqual(DEFAULT_SERVER_SETTINGS);
    } finally {
      await app.close();
    }
  });
});

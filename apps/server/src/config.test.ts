import { isAbsolute, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', logLevel: 'info', nodeEnv: 'development', isProduction: false });
    // apps/server/src (tests) and apps/server/dist (built) both sit two levels below apps/web/dist.
    expect(config.webRoot).toBe(join(resolve(import.meta.dirname, '../../web/dist'), '/'));
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
      WEB_ROOT: '/srv/www',
      PUBLIC_URL: 'https://archive-opener.example/',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://archive-opener.example',
      port: 3000,
      host: '127.0.0.1',
      webRoot: '/srv/www',
      logLevel: 'debug',
      nodeEnv: 'production',
      isProduction: true,
    });
  });

  it('treats empty values as unset and resolves a relative WEB_ROOT', () => {
    const config = loadConfig({ PORT: '', WEB_ROOT: 'some/dist' });
    expect(config.port).toBe(8080);
    expect(isAbsolute(config.webRoot)).toBe(true);
    expect(config.webRoot).toBe(resolve('some/dist'));
  });

  it('sizes the disk limits: one job’s output from the upload limit, the total in GiB, the free-space floor', () => {
    const MiB = 1024 * 1024;
    expect(loadConfig({}).storage).toEqual({
      maxOutputBytes: 1000 * MiB,
      maxTotalBytes: 20 * 1024 * MiB,
      minFreeBytes: 1024 * MiB,
    });
    expect(loadConfig({ MAX_UPLOAD_MB: '10' }).storage.maxOutputBytes).toBe(200 * MiB);
    expect(loadConfig({ MAX_OUTPUT_MB: '5', STORAGE_MAX_GB: '0.5', MIN_FREE_DISK_MB: '64' }).storage).toEqual({
      maxOutputBytes: 5 * MiB,
      maxTotalBytes: 512 * MiB,
      minFreeBytes: 64 * MiB,
    });
    expect(() => loadConfig({ MAX_OUTPUT_MB: '0' })).toThrow(/MAX_OUTPUT_MB="0": must be above 0/);
    expect(() => loadConfig({ STORAGE_MAX_GB: 'lots' })).toThrow(/STORAGE_MAX_GB="lots": must be a number/);
  });

  it('reads the server-extraction settings, decimals allowed for the retention', () => {
    const config = loadConfig({
      DATA_DIR: '/var/lib/ao',
      DATABASE_URL: 'postgres://db.example/ao',
      MAX_UPLOAD_MB: '20',
      EXTRACT_CONCURRENCY: '3',
      EXTRACT_TIMEOUT_S: '60',
      RETENTION_MINUTES: '0.05',
    });
    expect(config).toMatchObject({
      dataDir: '/var/lib/ao',
      databaseUrl: 'postgres://db.example/ao',
      maxUploadBytes: 20 * 1024 * 1024,
      extractConcurrency: 3,
      extractTimeoutMs: 60_000,
      retentionMs: 3000,
    });
    expect(loadConfig({})).toMatchObject({
      databaseUrl: undefined,
      maxUploadBytes: 50 * 1024 * 1024,
      extractConcurrency: 2,
      extractTimeoutMs: 120_000,
      retentionMs: 3_600_000,
    });
  });

  it.each([
    [{ MAX_UPLOAD_MB: '0' }, /MAX_UPLOAD_MB="0": must be above 0/],
    [{ MAX_UPLOAD_MB: '1.5' }, /MAX_UPLOAD_MB="1.5": must be a whole number/],
    [{ EXTRACT_CONCURRENCY: '99' }, /EXTRACT_CONCURRENCY="99": must be at most 16/],
    [{ RETENTION_MINUTES: 'soon' }, /RETENTION_MINUTES="soon": must be a number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL="mysql:\/\/x": must be a postgres:\/\/ connection string/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('defaults the public address to the local server', () => {
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    [{ PUBLIC_URL: 'ftp://example.com' }, /PUBLIC_URL="ftp:\/\/example.com": must be an http\(s\) address/],
    [{ PUBLIC_URL: 'example.com' }, /PUBLIC_URL="example.com": must be an http\(s\) address/],
    [{ PUBLIC_URL: 'https://example.com/?a=1' }, /PUBLIC_URL=.*must be an origin only/],
    [{ PUBLIC_URL: 'https://example.com/site' }, /PUBLIC_URL=.*must be an origin only/],
    [{ PORT: 'abc' }, /PORT="abc": must be a port number/],
    [{ PORT: '70000' }, /PORT="70000": must be a port number/],
    [{ PORT: '-1' }, /PORT="-1"/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL="loud"/],
    [{ NODE_ENV: 'prod' }, /NODE_ENV="prod"/],
  ])('fails fast with a clear message on %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});

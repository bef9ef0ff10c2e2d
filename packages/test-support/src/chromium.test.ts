import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChromiumNotFoundError, findChromium } from './chromium.js';

describe('findChromium', () => {
  let dir: string;
  const executable = (name: string, mode = 0o755): string => {
    const path = join(dir, name);
    writeFileSync(path, '#!/bin/sh\n');
    chmodSync(path, mode);
    return path;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ao-chromium-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes CHROMIUM_PATH first', () => {
    const configured = executable('my-chrome');
    executable('chromium');
    expect(findChromium({ CHROMIUM_PATH: configured, PATH: dir })).toBe(configured);
  });

  it('reports a CHROMIUM_PATH that is not an executable file instead of looking elsewhere', () => {
    executable('chromium');
    const notExecutable = executable('chrome-data', 0o644);
    for (const wrong of [notExecutable, dir, join(dir, 'missing')])
      expect(() => findChromium({ CHROMIUM_PATH: wrong, PATH: dir })).toThrow(/^CHROMIUM_PATH=.* is not an executable file/);
  });

  it('looks for chromium, chromium-browser and google-chrome on the PATH, in that order', () => {
    const other = mkdtempSync(join(tmpdir(), 'ao-chromium-other-'));
    try {
      const chrome = executable('google-chrome');
      expect(findChromium({ PATH: `${other}:${dir}` })).toBe(chrome);
      const browser = executable('chromium-browser');
      expect(findChromium({ PATH: `${other}:${dir}` })).toBe(browser);
      writeFileSync(join(other, 'chromium'), '');
      chmodSync(join(other, 'chromium'), 0o755);
      expect(findChromium({ PATH: `${dir}:${other}` })).toBe(join(other, 'chromium'));
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('fails with one line naming CHROMIUM_PATH when there is none', () => {
    executable('chromium', 0o644);
    let error: unknown;
    try {
      findChromium({ PATH: dir });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ChromiumNotFoundError);
    const message = (error as Error).message;
    expect(message).toContain('CHROMIUM_PATH');
    expect(message).not.toContain('\n');
  });

  it("npm test's first step prints that line alone and fails, without a stack trace", () => {
    const script = join(import.meta.dirname, 'require-chromium.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
      env: { PATH: dir, HOME: dir },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^No Chromium found: .*CHROMIUM_PATH/)]);
  });
});

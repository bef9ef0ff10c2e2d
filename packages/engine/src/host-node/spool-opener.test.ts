import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILES_AHEAD, spoolOpener, type SpoolOpener } from './spool-opener.js';
import { untilTrue } from '../../test/support/until-true.js';

describe('spoolOpener', () => {
  let dir: string;
  let opener: SpoolOpener | null;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ao-opener-'));
    opener = null;
  });

  afterEach(() => {
    opener?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** next(), once the thread has made a file (it starts a moment after it is asked to). */
  const nextMade = async (from: SpoolOpener): Promise<string> => {
    let made: string | null = null;
    await untilTrue(() => (made = from.next()) !== null);
    return made as unknown as string;
  };

  it('hands out empty files it created in the folder, in order', async () => {
    opener = spoolOpener(dir);
    for (let n = 1; n <= FILES_AHEAD + 5; n += 1) {
      const path = await nextMade(opener);
      expect(path).toBe(join(dir, String(n)));
      expect(statSync(path).size).toBe(0);
    }
  });

  it('makes no more than FILES_AHEAD files beyond those taken', async () => {
    opener = spoolOpener(dir);
    await untilTrue(() => readdirSync(dir).length === FILES_AHEAD);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readdirSync(dir)).toHaveLength(FILES_AHEAD);
    await nextMade(opener);
    await nextMade(opener);
    await untilTrue(() => readdirSync(dir).length === FILES_AHEAD + 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readdirSync(dir)).toHaveLength(FILES_AHEAD + 2);
  });

  it('makes nothing more once stopped, so the folder can go', async () => {
    opener = spoolOpener(dir);
    await nextMade(opener);
    opener.stop();
    const left = readdirSync(dir).length;
    expect(opener.next()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readdirSync(dir)).toHaveLength(left);
    rmSync(dir, { recursive: true });
    expect(existsSync(dir)).toBe(false);
  });

  it('can be stopped before its thread has started', async () => {
    opener = spoolOpener(dir);
    opener.stop();
    const left = readdirSync(dir).length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(dir)).toHaveLength(left);
    expect(left).toBeLessThanOrEqual(FILES_AHEAD);
  });

  it('gives nothing when it cannot create files, and still stops', async () => {
    opener = spoolOpener(join(dir, 'missing'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(opener.next()).toBeNull();
    opener.stop();
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });
});

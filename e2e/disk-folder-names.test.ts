import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser, serveFiles } from '@archive-opener/test-support/browser-harness';
import { launchChromium } from '@archive-opener/test-support/chromium';

// "Extract to folder…" writes into a folder on the visitor's disk, where Chromium's File System
// Access checks every name (packages/shared/src/allowed-name.ts). Headless Chromium
// shows no picker, and its Origin Private File System (browser-output.test.ts's stand-in) accepts
// every name. A folder dropped on a page (a drag sent over the DevTools protocol) is a real one on
// disk, and readable: asking it for a file that is not there answers TypeError for a name Chromium
// refuses, before it looks, and NotFoundError for one it allows.

const PAGE_ENTRY = `
import { portableName } from ${JSON.stringify(join(import.meta.dirname, '../packages/shared/src/allowed-name.ts'))};
let folder = null;
document.addEventListener('dragover', (event) => event.preventDefault());
document.addEventListener('drop', async (event) => {
  event.preventDefault();
  folder = await [...event.dataTransfer.items][0].getAsFileSystemHandle();
});
const allowed = async (name) => {
  try {
    await folder.getFileHandle(name);
    return true;
  } catch (error) {
    if (error.name === 'TypeError') return false;
    if (error.name === 'NotFoundError') return true;
    throw error;
  }
};
globalThis.dropped = () => folder !== null;
globalThis.judge = async (names) => {
  const out = [];
  for (const name of names) {
    const portable = portableName(name);
    out.push({ name, allowed: await allowed(name), portable, portableAllowed: await allowed(portable), underscoredAllowed: await allowed('_' + portable) });
  }
  return out;
};
`;

interface Judged {
  name: string;
  allowed: boolean;
  portable: string;
  portableAllowed: boolean;
  underscoredAllowed: boolean;
}

/** What browser-output.test.ts's stand-in refuses: it must be what a disk folder refuses too. */
const STAND_IN_REFUSES = ['what?.txt', 'ab:cd', 'a<b', 'a>b', 'a"b', 'a|b', 'a*b', 'a\\b', 'start.lnk'];
/** More that allowed-name.ts expects to be refused, and names that must stay as they are. */
const ALSO_REFUSED = ['site.url', 'CON', 'aux.txt', 'ends.', 'ends ', 'a\u200db', 'a\u202eb', 'a\u0001b', '~$report.docx'];
const ALLOWED = ['readme.txt', '.git', 'a~b', 'naïve résumé.txt', 'dots.in.name', 'x.local'];

describe('names in a folder on disk', () => {
  let workDir: string;
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'ao-e2e-disk-names-'));
    await bundleForBrowser({ contents: PAGE_ENTRY, resolveDir: import.meta.dirname }, join(workDir, 'page.js'));
    await writeFile(join(workDir, 'index.html'), '<!doctype html><script type="module" src="/page.js"></script>');
    const served = await serveFiles(
      new Map([
        ['/', join(workDir, 'index.html')],
        ['/page.js', join(workDir, 'page.js')],
      ]),
    );
    server = served.server;
    browser = await launchChromium();
    const context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${served.origin}/`);
    await page.waitForFunction(() => 'judge' in globalThis);
    const cdp = await context.newCDPSession(page);
    const data = { items: [], files: [workDir], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await cdp.send('Input.dispatchDragEvent', { type, x: 10, y: 10, data });
    }
    await page.waitForFunction(() => (globalThis as unknown as { dropped(): boolean }).dropped());
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  const judge = (names: string[]) =>
    page.evaluate((list) => (globalThis as unknown as { judge(names: string[]): Promise<Judged[]> }).judge(list), names);

  it('refuses what the e2e stand-in refuses, and what allowed-name.ts expects', async () => {
    const judged = await judge([...STAND_IN_REFUSES, ...ALSO_REFUSED]);
    expect(judged.filter((each) => each.allowed).map((each) => each.name)).toEqual([]);
  });

  it('takes a portable form of every refused name (or that form after "_", as createAllowed tries next)', async () => {
    const judged = await judge([...STAND_IN_REFUSES, ...ALSO_REFUSED, 'desktop.ini']);
    const unusable = judged.filter((each) => !each.portableAllowed && !each.underscoredAllowed);
    expect(unusable.map((each) => `${each.name} → ${each.portable}`)).toEqual([]);
  });

  it('allows ordinary names, which are never renamed', async () => {
    const judged = await judge(ALLOWED);
    expect(judged.filter((each) => !each.allowed).map((each) => each.name)).toEqual([]);
  });
});

// Finds and starts the Chromium the tests and benchmarks drive (playwright-core never downloads a
// browser): the one a user already has, found as a user would expect.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** Names a Chromium goes by on the PATH, in the order they are tried. */
export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome'] as const;

/** No Chromium could be found: its message is one line that says what to do. */
export class ChromiumNotFoundError extends Error {
  override name = 'ChromiumNotFoundError';
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * `CHROMIUM_PATH` if set (it must then be an executable file: a wrong setting is reported, not
 * silently replaced), else the first of {@link CHROMIUM_NAMES} on the PATH.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env['CHROMIUM_PATH'];
  if (configured) {
    if (isExecutableFile(configured)) return configured;
    throw new ChromiumNotFoundError(
      `CHROMIUM_PATH=${configured} is not an executable file: point it at a Chromium or Chrome binary.`,
    );
  }
  const folders = (env['PATH'] ?? '').split(delimiter).filter(Boolean);
  for (const name of CHROMIUM_NAMES)
    for (const folder of folders) {
      const candidate = join(folder, name);
      if (isExecutableFile(candidate)) return candidate;
    }
  throw new ChromiumNotFoundError(
    `No Chromium found: none of ${CHROMIUM_NAMES.join(', ')} is on the PATH. Install one (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable.`,
  );
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

/** Headless Chromium with the flags these machines need (no sandbox as root, no network chatter). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

/**
 * The same Chromium with a profile of its own in `userDataDir`: a window that is not incognito,
 * for what Chromium allows only there (installing a web app).
 */
export function launchPersistentChromium(userDataDir: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: findChromium(), args: CHROMIUM_ARGS, ...options });
}

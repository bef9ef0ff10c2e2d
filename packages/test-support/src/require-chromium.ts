// `npm test` runs this first: without a browser the end-to-end and browser-host suites cannot run,
// and a newcomer should learn that in one line before the build, not from a stack trace after it.
import { ChromiumNotFoundError, findChromium } from './chromium.js';

try {
  findChromium();
} catch (error) {
  if (!(error instanceof ChromiumNotFoundError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}

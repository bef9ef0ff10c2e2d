// One way to start Debian's Chromium for every browser test and benchmark: the engine's harness.
export { launchChromium } from '../../packages/engine/test/browser/harness.js';

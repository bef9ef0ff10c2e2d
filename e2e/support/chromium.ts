import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this sandbox needs (no network beyond localhost). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

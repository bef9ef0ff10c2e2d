import { chromium } from 'playwright-core';
import { findChromium } from '@archive-opener/test-support/chromium';
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.setContent('<input type=file>');
await page.locator('input').setInputFiles('/work/scale-sets/200MB/data.7z');
const result = await page.evaluate(`(async () => {
  const file = document.querySelector('input').files[0];
  const code = \`onmessage = async ({ data: file }) => {
    const out = {};
    const frs = new FileReaderSync();
    let t = performance.now();
    let n = 0;
    for (let at = 32; at < 35e6; at += 65536) { frs.readAsArrayBuffer(file.slice(at, at + 6)); n++; }
    out.syncSmall = [(performance.now() - t).toFixed(1), n];
    t = performance.now(); n = 0;
    for (let at = 32; at < 35e6; at += 65536) { await file.slice(at, at + 6).arrayBuffer(); n++; }
    out.asyncSmall = [(performance.now() - t).toFixed(1), n];
    t = performance.now(); n = 0;
    for (let at = 0; at < 35e6; at += 1048576) { frs.readAsArrayBuffer(file.slice(at, at + 1048576)); n++; }
    out.sync1M = [(performance.now() - t).toFixed(1), n];
    t = performance.now();
    await file.slice(0, 35e6).arrayBuffer();
    out.async35M = (performance.now() - t).toFixed(1);
    t = performance.now();
    for (let at = 0; at < 35e6; at += 4194304) { frs.readAsArrayBuffer(file.slice(at, at + 4194304)); }
    out.sync4M = (performance.now() - t).toFixed(1);
    postMessage(out);
  }\`;
  const w = new Worker(URL.createObjectURL(new Blob([code])));
  return new Promise((r) => { w.onmessage = (e) => r(e.data); w.postMessage(file); });
})()`);
console.log(result);
await browser.close();

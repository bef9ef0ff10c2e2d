// @vitest-environment node
// Node's Blob streams as browsers' do; jsdom's cannot feed client-zip.
import { describe, expect, it } from 'vitest';
import { createZip } from './downloads';
import { makeFile } from './test-files';

describe('createZip', () => {
  it('makes a ZIP holding every file under its entry name', async () => {
    const zip = await createZip([
      makeFile('a/inner.zip', { content: 'inner' }),
      makeFile('a/inner.zip/hello.txt', { content: 'hello' }),
      makeFile('b.txt', { content: 'bye' }),
    ]);
    const text = new TextDecoder().decode(await zip.arrayBuffer());
    expect(text.startsWith('PK')).toBe(true);
    expect(text).toContain('a/inner.zip-extracted/hello.txt');
    expect(text).toContain('hello');
    expect(text).toContain('b.txt');
    expect(text).toContain('bye');
  });
});

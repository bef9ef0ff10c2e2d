import { describe, expect, it } from 'vitest';
import { categorize, extensionOf } from './categories.js';

describe('categorize', () => {
  it('matches by extension, case-insensitively', () => {
    expect(categorize('photos/IMG_1.JPG')).toBe('images');
    expect(categorize('a/b/report.pdf')).toBe('documents');
    expect(categorize('src/app.tsx')).toBe('code');
    expect(categorize('inner.7z')).toBe('archives');
  });

  it('falls back to the MIME type, then to other', () => {
    expect(categorize('clip', 'video/mp4')).toBe('videos');
    expect(categorize('noext')).toBe('other');
    expect(categorize('data.bin', 'application/octet-stream')).toBe('other');
  });

  it('files text by its MIME type as a document, and code by the code list or its code MIME types', () => {
    expect(categorize('notes/README.md', 'text/markdown')).toBe('documents');
    expect(categorize('table.csv', 'text/csv')).toBe('documents');
    expect(categorize('data.json', 'application/json')).toBe('documents');
    expect(categorize('server.log', 'text/plain')).toBe('documents');
    expect(categorize('index.html', 'text/html')).toBe('code');
    expect(categorize('page', 'text/html')).toBe('code');
    expect(categorize('tool.py', 'text/x-python')).toBe('code');
  });

  it('takes the first matching category (the order of docs/product.md#file-categories)', () => {
    // .svg is an image by extension even though it is also markup.
    expect(categorize('logo.svg', 'image/svg+xml')).toBe('images');
  });
});

describe('extensionOf', () => {
  it('ignores dots in folder names and leading dots', () => {
    expect(extensionOf('v1.2/README')).toBe('');
    expect(extensionOf('.gitignore')).toBe('');
    expect(extensionOf('a/archive.tar.gz')).toBe('gz');
  });
});

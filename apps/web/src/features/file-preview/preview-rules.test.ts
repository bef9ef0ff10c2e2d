import { describe, expect, it } from 'vitest';
import { previewKind } from './preview-rules';

const kind = (name: string, mimeType = '', size = 10) => previewKind({ name, mimeType, size });

describe('previewKind', () => {
  it.each(['notes.txt', 'index.php', 'app.js', 'page.html', 'data.json', 'feed.xml', 'README.md', 'rows.csv', 'setup.sh'])(
    'offers a text preview for %s',
    (name) => expect(kind(name)).toBe('text'),
  );

  it.each(['README', 'LICENSE', 'Makefile', 'Dockerfile', '.gitignore', '.htaccess'])(
    'treats the conventional name %s as text',
    (name) => expect(kind(name)).toBe('text'),
  );

  it('shows SVG only as text, even with an image MIME type', () => {
    expect(kind('logo.svg', 'image/svg+xml')).toBe('text');
    expect(kind('logo', 'image/svg+xml')).toBe('text');
  });

  it.each(['a.png', 'b.JPG', 'c.jpeg', 'd.gif', 'e.webp', 'f.bmp', 'g.ico', 'h.avif'])('renders the raster image %s', (name) =>
    expect(kind(name)).toBe('image'),
  );

  it('recognises audio, video and PDF', () => {
    expect(kind('song.mp3')).toBe('audio');
    expect(kind('voice.opus')).toBe('audio');
    expect(kind('clip.webm')).toBe('video');
    expect(kind('movie.mov')).toBe('video');
    expect(kind('manual.pdf')).toBe('pdf');
  });

  it('falls back to the MIME type when the extension is unknown', () => {
    expect(kind('notes.unknown', 'text/plain; charset=utf-8')).toBe('text');
    expect(kind('config', 'application/ld+json')).toBe('text');
    expect(kind('photo', 'image/png')).toBe('image');
    expect(kind('paper', 'application/pdf')).toBe('pdf');
  });

  it('gives every other non-empty file the hex view, and an empty file nothing', () => {
    expect(kind('setup.exe', 'application/octet-stream')).toBe('hex');
    expect(kind('movie.wmv', 'video/x-ms-wmv')).toBe('hex');
    expect(kind('inner.zip', 'application/zip')).toBe('hex');
    expect(kind('empty.txt', 'text/plain', 0)).toBeNull();
  });
});

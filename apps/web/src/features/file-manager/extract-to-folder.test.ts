import { describe, expect, it } from 'vitest';
import type { ExtractedFile } from './extracted-file';
import { piecesOf } from './extract-to-folder';

const MiB = 1024 * 1024;

/** A file the page holds as the engine handed it over: many small pieces, no Blob made yet. */
function heldInPieces(pieces: Uint8Array[]): ExtractedFile {
  const size = pieces.reduce((sum, piece) => sum + piece.length, 0);
  return {
    id: 'f',
    name: 'big.log',
    path: 'big.log',
    size,
    blob: new Blob(pieces as Uint8Array<ArrayBuffer>[]),
    contents: () =>
      (async function* () {
        yield* pieces;
      })(),
  } as unknown as ExtractedFile;
}

/** jsdom's Blob has no arrayBuffer(): read as the page's oldest API does. */
function read(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

async function bytesOf(parts: (Uint8Array | Blob)[]): Promise<Uint8Array> {
  const buffers = await Promise.all(parts.map(async (part) => (part instanceof Blob ? read(part) : part)));
  const whole = new Uint8Array(buffers.reduce((sum, buffer) => sum + buffer.length, 0));
  let at = 0;
  for (const buffer of buffers) {
    whole.set(buffer, at);
    at += buffer.length;
  }
  return whole;
}

describe('piecesOf', () => {
  it('gathers small held pieces into few large writes, bytes in order', async () => {
    const pieces = Array.from({ length: 40 * 16 }, (_, i) => new Uint8Array(64 * 1024).fill(i % 251));
    const written: (Uint8Array | Blob)[] = [];
    for await (const piece of piecesOf(heldInPieces(pieces))) written.push(piece);
    expect(written.map((piece) => (piece instanceof Blob ? piece.size : piece.length))).toEqual([16 * MiB, 16 * MiB, 8 * MiB]);
    const whole = await bytesOf(written);
    expect(whole[0]).toBe(0);
    expect(whole[64 * 1024]).toBe(1);
    expect(whole[40 * MiB - 1]).toBe((40 * 16 - 1) % 251);
  });

  it('writes a Blob in slices of it, and held bytes in one piece as they are', async () => {
    const blob = new Blob([new Uint8Array(20 * MiB).fill(7)]);
    const fromBlob: (Uint8Array | Blob)[] = [];
    for await (const piece of piecesOf({ size: blob.size, blob, contents: () => blob } as unknown as ExtractedFile))
      fromBlob.push(piece);
    expect(fromBlob.map((piece) => (piece as Blob).size)).toEqual([16 * MiB, 4 * MiB]);
    const bytes = new Uint8Array([1, 2, 3]);
    const held: (Uint8Array | Blob)[] = [];
    for await (const piece of piecesOf({ size: 3, blob: new Blob([bytes]), contents: () => bytes } as unknown as ExtractedFile))
      held.push(piece);
    expect(held).toEqual([bytes]);
  });
});

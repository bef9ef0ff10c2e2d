import type { ExtractedFile } from '../file-manager/extracted-file';

/**
 * Test-only: jsdom's Blob has no arrayBuffer() or stream(), so tests build their blobs through the
 * runtime's fetch Response, which returns a full (Node) Blob, as a browser's would be.
 */
export function nativeBlob(content: string | Uint8Array, type = ''): Promise<Blob> {
  const body = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return new Response(body as Uint8Array<ArrayBuffer>, { headers: type ? { 'content-type': type } : {} }).blob();
}

export function fileOf(name: string, blob: Blob, mimeType = blob.type, size = blob.size): ExtractedFile {
  return { id: name, path: `demo.zip/${name}`, name, size, blob, mimeType, category: 'other', archiveName: 'demo.zip' };
}

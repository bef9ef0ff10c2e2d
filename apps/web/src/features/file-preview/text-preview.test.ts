import { describe, expect, it } from 'vitest';
import { NotTextError, TEXT_PREVIEW_CHARS, textPreview } from './text-preview';
import { nativeBlob } from './test-blob';

describe('textPreview', () => {
  it('decodes UTF-8 and drops its BOM', async () => {
    expect(await textPreview(await nativeBlob('\uFEFFgrüße ✓'))).toEqual({ text: 'grüße ✓', truncated: false });
  });

  it('decodes UTF-16 little- and big-endian files by their BOM', async () => {
    expect((await textPreview(await nativeBlob(new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00])))).text).toBe('hi');
    expect((await textPreview(await nativeBlob(new Uint8Array([0xfe, 0xff, 0x00, 0x68, 0x00, 0x69])))).text).toBe('hi');
  });

  it('fails clearly on bytes that are not text', async () => {
    await expect(textPreview(await nativeBlob(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00])))).rejects.toBeInstanceOf(
      NotTextError,
    );
    await expect(textPreview(await nativeBlob(new Uint8Array([0x41, 0x00, 0x42])))).rejects.toBeInstanceOf(NotTextError);
  });

  it('keeps at most the character limit and says it cut the text', async () => {
    const { text, truncated } = await textPreview(await nativeBlob('x'.repeat(TEXT_PREVIEW_CHARS + 1)));
    expect(text).toHaveLength(TEXT_PREVIEW_CHARS);
    expect(truncated).toBe(true);
  });

  it('reads only the first bytes and tolerates a character split by the cut', async () => {
    // "é" is two bytes in UTF-8: reading 3 bytes of "aéé" ends in the middle of the second one.
    expect(await textPreview(await nativeBlob('aéé'), 4)).toEqual({ text: 'aé', truncated: true });
  });

  it('never ends on half of a surrogate pair', async () => {
    const { text } = await textPreview(await nativeBlob(`${'x'.repeat(TEXT_PREVIEW_CHARS - 1)}😀`));
    expect(text).toHaveLength(TEXT_PREVIEW_CHARS - 1);
  });
});

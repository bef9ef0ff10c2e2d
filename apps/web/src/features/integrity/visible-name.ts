/**
 * A stored name as the safety summary shows it: every character that hides or reorders text
 * (direction controls, other controls) written out as `⟨U+202E⟩`, so the disguise is seen, not
 * performed.
 */
export function visibleName(name: string): string {
  return name.replace(
    // eslint-disable-next-line no-control-regex -- these are exactly the characters to write out
    /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (char) => `⟨U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}

/**
 * A name set inside a translated sentence: wrapped in first-strong isolates (U+2068 … U+2069), so
 * a left-to-right name in an Arabic sentence (or the reverse) keeps its own order and leaves the
 * sentence's alone. The name holds no direction control of its own (see visibleName).
 */
export function isolated(name: string): string {
  return `\u2068${name}\u2069`;
}

/** An extension (always Latin letters and digits) set inside a sentence: a left-to-right isolate (U+2066 … U+2069). */
export function extensionText(extension: string): string {
  return `\u2066.${extension}\u2069`;
}

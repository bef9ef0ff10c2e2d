/**
 * Rules for file names that reach a visitor's disk or screen, shared by the engine (every name it
 * writes) and the page (names it offers for download).
 */

/**
 * Unicode controls that change the order in which text is shown (embeddings, overrides, isolates
 * and the three direction marks): "invoice\u202Efdp.exe" is displayed as "invoiceexe.pdf".
 */
const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Whether `text` holds a control that reorders how it is displayed. */
export function hasDirectionControls(text: string): boolean {
  DIRECTION_CONTROLS.lastIndex = 0;
  return DIRECTION_CONTROLS.test(text);
}

/** `text` with every direction control replaced by `_`, so the name shows as it is stored. */
export function withoutDirectionControls(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '_');
}

/** Device names Windows reserves, with or without an extension ("aux.txt" is the AUX device too). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³]) *(\.|$)/i;

/**
 * One file or folder name made usable on Windows: a reserved device name gets a leading `_`
 * ("CON" → "_CON", "aux.txt" → "_aux.txt"), a drive-letter colon becomes `_` ("C:x" → "C_x",
 * which Windows would read as "x" on drive C), and trailing dots and spaces, which Windows drops
 * (so "a." would overwrite "a"), become `_` each. Other names are returned unchanged.
 */
export function windowsSafeName(name: string): string {
  let safe = name.replace(/[. ]+$/, (tail) => '_'.repeat(tail.length));
  if (/^[a-zA-Z]:/.test(safe)) safe = `${safe[0]}_${safe.slice(2)}`;
  return WINDOWS_DEVICE.test(safe) ? `_${safe}` : safe;
}

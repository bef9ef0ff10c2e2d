import type { OperationOptions } from '../core/types.js';
import { nameDecoder } from './names-encoding.js';

/**
 * For stream readers (LHA, cpio): with a code page the caller named, an entry with stored name
 * bytes is named from them in it, before anything else looks at its name.
 */
export function namesIn(options: OperationOptions): (entry: { name: string; rawName?: Uint8Array }) => void {
  const encoding = options.namesEncoding;
  if (!encoding) return () => undefined;
  const decode = nameDecoder(encoding);
  return (entry) => {
    if (entry.rawName) entry.name = decode(entry.rawName);
  };
}

/**
 * An own copy of name bytes that are not plain ASCII, else null. Valid UTF-8 is kept too: a name
 * in EUC-JP or GBK can be valid UTF-8 by accident ("表" in EUC-JP reads "ɽ").
 */
export function nonAsciiName(bytes: Uint8Array): Uint8Array | null {
  return bytes.every((byte) => byte < 0x80) ? null : bytes.slice();
}

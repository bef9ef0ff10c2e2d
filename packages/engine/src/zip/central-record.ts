import type { Entry, EntryMetaData } from '@zip.js/zip.js';

/**
 * What the engine's own readers use of an entry's central directory record (local-header.ts,
 * native-entry.ts and the others beside them), copied out of zip.js' entry.
 */
export type CentralRecord = Pick<
  EntryMetaData,
  | 'offset'
  | 'compressedSize'
  | 'uncompressedSize'
  | 'compressionMethod'
  | 'signature'
  | 'encrypted'
  | 'rawBitFlag'
  | 'rawLastModDate'
  | 'extraFieldAES'
  | 'extraFieldUnicodePath'
  | 'rawFilename'
>;

/** A copy of what the engine uses of zip.js' entry: none of its closures, dates and maps. */
export function centralRecordOf(entry: Entry): CentralRecord {
  return {
    offset: entry.offset,
    compressedSize: entry.compressedSize,
    uncompressedSize: entry.uncompressedSize,
    compressionMethod: entry.compressionMethod,
    signature: entry.signature,
    encrypted: entry.encrypted,
    rawBitFlag: entry.rawBitFlag,
    rawLastModDate: entry.rawLastModDate,
    extraFieldAES: entry.extraFieldAES,
    extraFieldUnicodePath: entry.extraFieldUnicodePath,
    // A view of zip.js' own copy of the record's name, extra field and comment (bytes, not objects).
    rawFilename: entry.rawFilename,
  };
}

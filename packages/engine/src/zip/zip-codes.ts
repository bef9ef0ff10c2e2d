// The numbers of the zip format the engine reads by itself: compression methods and the general
// purpose flags, one place for every reader in zip/.

export const METHOD_STORE = 0;
export const METHOD_DEFLATE = 8;
export const METHOD_DEFLATE64 = 9;
/** What a WinZip AES entry's headers give as its method; its real one is in its AES extra field. */
export const METHOD_AES = 99;

/** Bit 3: CRC-32 and sizes follow the data (a data descriptor). */
export const FLAG_DATA_DESCRIPTOR = 0x08;
/** Bit 6: PKWARE strong encryption, which zip.js does not implement. */
export const FLAG_STRONG_ENCRYPTION = 0x40;

// iconv-lite ships its single-byte tables as plain data without types; only this shape is used.
declare module 'iconv-lite/encodings/sbcs-data-generated.js' {
  const tables: Readonly<Record<'cp437' | 'cp850', { type: '_sbcs'; chars: string }>>;
  export default tables;
}

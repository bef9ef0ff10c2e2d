/**
 * The Content-Type a downloaded file is served with. Anything a browser could run or render as a
 * document of our origin (HTML, SVG, XML, scripts) is plain bytes; kinds that only ever display as
 * media keep their type so previews work.
 */
const DISPLAYABLE = /^(image\/(png|jpeg|gif|webp|avif|bmp)|audio\/[\w.+-]+|video\/[\w.+-]+|application\/pdf|text\/plain)$/;

export function safeContentType(type: string): string {
  if (!DISPLAYABLE.test(type)) return 'application/octet-stream';
  return type === 'text/plain' ? 'text/plain; charset=utf-8' : type;
}

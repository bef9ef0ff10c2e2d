/**
 * The per-field rules of the XAR table-of-contents check (see xar-toc-check.ts): what each `<file>`,
 * its `<data>` and its `<ea>` elements must hold for the archive to be read one way only.
 */
import { EngineError } from '../core/engine-error.js';

/** One parsed XML element: its trimmed text, its attributes and its child elements by tag name. */
export interface XmlElement {
  readonly text: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: ReadonlyMap<string, readonly XmlElement[]>;
}

/** Elements whose text is a byte count, an offset or an identifier; anything but digits is a forgery or damage. */
const DECIMAL_ELEMENTS = ['size', 'offset', 'length', 'inode', 'deviceno', 'uid', 'gid', 'id'] as const;
const TIME_ELEMENTS = ['ctime', 'mtime', 'atime'] as const;
/** Month, day, hour, minute, second: the inclusive range of each (60 for a leap second). */
const TIME_FIELD_RANGES = [
  [1, 12],
  [1, 31],
  [0, 23],
  [0, 59],
  [0, 60],
] as const;

const DECIMAL = /^[0-9]+$/;
const OCTAL = /^[0-7]+$/;
const TIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?Z?$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The refusal for a table of contents that parses as XML but breaks a XAR rule. */
export function malformedToc(problem: string, element?: string): EngineError {
  const details = element === undefined ? { problem } : { problem, element };
  return new EngineError('CORRUPT_ARCHIVE', 'The archive is damaged: its table of contents is malformed.', details);
}

function childrenOf(element: XmlElement, tag: string): readonly XmlElement[] {
  return element.children.get(tag) ?? [];
}

/** The one `tag` child of `element`: none or several are refused as `missing …` / `duplicate …`. */
export function onlyChild(element: XmlElement, tag: string, what: string): XmlElement {
  const [first, second] = childrenOf(element, tag);
  if (first === undefined) throw malformedToc(`missing ${what}`, tag);
  if (second !== undefined) throw malformedToc(`duplicate ${what}`, tag);
  return first;
}

/** A decimal count: digits only, and small enough to be exact in a JavaScript number. */
export function decimalValue(text: string, element: string): number {
  if (!DECIMAL.test(text)) throw malformedToc('bad number', element);
  if (BigInt(text) > BigInt(Number.MAX_SAFE_INTEGER)) throw malformedToc('number too large', element);
  return Number(text);
}

/**
 * Checks the creation time and every `<file>` under `toc`, nested ones included, against a heap
 * of `heapLength` bytes. Walks with an explicit stack: a deep folder tree must not exhaust the call stack.
 */
export function checkTocFields(toc: XmlElement, heapLength: number): void {
  for (const creation of childrenOf(toc, 'creation-time')) checkTime(creation.text, 'creation-time');
  const seenIds = new Set<number>();
  const pending = [...childrenOf(toc, 'file')];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    checkFile(file, heapLength, seenIds);
    pending.push(...childrenOf(file, 'file'));
  }
}

function checkFile(file: XmlElement, heapLength: number, seenIds: Set<number>): void {
  checkName(onlyChild(file, 'name', 'name element'));
  checkId(file, seenIds);
  checkNumbers(file);
  for (const tag of TIME_ELEMENTS) for (const time of childrenOf(file, tag)) checkTime(time.text, tag);
  const data = childrenOf(file, 'data');
  if (data.length > 1) throw malformedToc('duplicate data element', 'data');
  for (const stored of data) checkStoredRange(stored, 'data', heapLength);
  for (const stored of childrenOf(file, 'ea')) checkStoredRange(stored, 'ea', heapLength);
}

function checkName(name: XmlElement): void {
  const encoding = name.attributes.get('enctype');
  if (encoding !== undefined && encoding !== 'base64') throw malformedToc('unknown name encoding', 'name');
  const value = encoding === 'base64' ? name.text.replace(/\s+/g, '') : name.text;
  if (encoding === 'base64' && !isStrictBase64(value)) throw malformedToc('bad base64 name', 'name');
  if (value === '') throw malformedToc('empty name', 'name');
}

/** Base64 as RFC 4648 writes it: whole quads, the standard alphabet, at most two `=` and only at the end. */
function isStrictBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64.test(text);
}

function checkId(file: XmlElement, seenIds: Set<number>): void {
  const id = file.attributes.get('id');
  if (id === undefined) return;
  const value = decimalValue(id, 'file id');
  // Hard links name their original by id: two files with one id would make the link ambiguous.
  if (seenIds.has(value)) throw malformedToc('duplicate file id', 'file id');
  seenIds.add(value);
}

/** The numeric children of a `<file>`, `<data>` or `<ea>` (not of nested files: they are checked on their own). */
function checkNumbers(element: XmlElement): void {
  for (const tag of DECIMAL_ELEMENTS) for (const child of childrenOf(element, tag)) decimalValue(child.text, tag);
  for (const mode of childrenOf(element, 'mode')) if (!OCTAL.test(mode.text)) throw malformedToc('bad mode', 'mode');
}

/** `YYYY-MM-DDTHH:MM:SS`, an optional fraction and `Z`, every field within its calendar range. */
function checkTime(text: string, element: string): void {
  const fields = TIME.exec(text)?.slice(2, 7).map(Number);
  const inRange = fields?.every((value, index) => {
    const [low, high] = TIME_FIELD_RANGES[index] ?? [0, -1];
    return value >= low && value <= high;
  });
  if (inRange !== true) throw malformedToc('bad time', element);
}

/**
 * A `<data>` or `<ea>`: exactly one offset, length and size (a second copy would leave readers to pick
 * one), and the stored bytes inside the heap.
 */
function checkStoredRange(stored: XmlElement, tag: 'data' | 'ea', heapLength: number): void {
  checkNumbers(stored);
  const field = (name: string): number => decimalValue(onlyChild(stored, name, 'data field').text, name);
  const offset = field('offset');
  const length = field('length');
  field('size');
  if (offset > heapLength || length > heapLength - offset) throw malformedToc('data outside heap', tag);
}

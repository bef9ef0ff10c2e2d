import { encodeIn } from '@archive-opener/test-support/legacy-names';
import { describe, expect, it } from 'vitest';
import { detectCjkEncoding } from './detect-cjk.js';
import { NAMES_ENCODINGS, nameDecoder, namesEncodingOf } from './names-encoding.js';

const hex = (text: string) => new Uint8Array(text.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []);

describe('names encodings', () => {
  it('decodes every listed encoding in this runtime', () => {
    for (const encoding of NAMES_ENCODINGS) expect(nameDecoder(encoding)(hex('612e747874'))).toBe('a.txt');
  });
  it('reads the DOS code pages from the library tables, controls kept for the safe path', () => {
    expect(nameDecoder('cp437')(hex('99cc01'))).toBe('Ö╠\x01');
    expect(nameDecoder('cp850')(hex('99cc'))).toBe('Ö╠');
    expect(nameDecoder('cp850')(hex('b5d0'))).toBe('Áð');
    expect(nameDecoder('cp866')(hex('8fe0a8a2a5e2'))).toBe('Привет');
  });
  it('reads CJK and Windows code pages natively', () => {
    expect(nameDecoder('shift_jis')(hex('955c82be82e6'))).toBe('表だよ');
    expect(nameDecoder('gbk')(hex('d6d0cec4'))).toBe('中文');
    expect(nameDecoder('windows-1251')(hex('cff0e8e2e5f2'))).toBe('Привет');
  });
  it('accepts common aliases and refuses unknown labels', () => {
    expect(namesEncodingOf('CP932')).toBe('shift_jis');
    expect(namesEncodingOf('cp1251')).toBe('windows-1251');
    expect(namesEncodingOf('IBM866')).toBe('cp866');
    expect(namesEncodingOf(' Windows-1252 ')).toBe('windows-1252');
    expect(namesEncodingOf('klingon')).toBeNull();
  });
});

const CHINESE = ['中文文件', '测试报告', '图片', '我的文档', '新建文件夹', '会议记录', '项目计划', '财务报表', '照片', '音乐'];
const KOREAN = ['한국어', '문서', '사진', '보고서', '새 폴더', '회의록', '음악', '프로젝트', '계획서', '자료'];
const TRADITIONAL = [
  '中文檔案',
  '測試報告',
  '圖片',
  '我的文件',
  '新增資料夾',
  '會議記錄',
  '專案計畫',
  '財務報表',
  '照片',
  '音樂',
];

describe('the CJK detector', () => {
  it('tells GBK, Big5 and EUC-KR apart on a folder of names', () => {
    expect(detectCjkEncoding(CHINESE.map((name) => encodeIn('gbk', `${name}.txt`)))).toBe('gbk');
    expect(detectCjkEncoding(TRADITIONAL.map((name) => encodeIn('big5', `${name}.txt`)))).toBe('big5');
    expect(detectCjkEncoding(KOREAN.map((name) => encodeIn('euc-kr', `${name}.txt`)))).toBe('euc-kr');
  });
  it('is unsure (null) of a single name and of Western DOS names', () => {
    expect(detectCjkEncoding([encodeIn('gbk', '中文.txt')])).toBeNull();
    expect(detectCjkEncoding([hex('6368837465617521'), hex('4772941e652e646f63')])).toBeNull();
  });
  it('reads 100,000 names fast: it samples their first 64 KiB', () => {
    const names = Array.from({ length: 100_000 }, (_, i) => encodeIn('gbk', `${CHINESE[i % CHINESE.length] ?? ''} ${i}.txt`));
    const started = performance.now();
    expect(detectCjkEncoding(names)).toBe('gbk');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

import { describe, expect, it } from 'vitest';
import { groupVolumes, withoutSystemFiles } from './volume-sets';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const names = (files: File[]) => files.map((part) => part.name);

describe('groupVolumes', () => {
  it('names the part missing from a set: a gap, a missing first part, the .rar or .zip of old sets', () => {
    const missing = (...parts: string[]) => groupVolumes(parts.map((name) => file(name)))[0]?.missingPart;
    expect(missing('m.7z.001', 'm.7z.002', 'm.7z.004', 'm.7z.005')).toBe('m.7z.003');
    expect(missing('m.7z.002', 'm.7z.003')).toBe('m.7z.001');
    expect(missing('x.part01.rar', 'x.part03.rar')).toBe('x.part02.rar');
    expect(missing('old.r00', 'old.r01')).toBe('old.rar');
    expect(missing('old.rar', 'old.r00', 'old.r02')).toBe('old.r01');
    expect(missing('s.z01', 's.z02')).toBe('s.zip');
    expect(missing('s.z01', 's.z03', 's.zip')).toBe('s.z02');
    expect(missing('big_aa', 'big_ac')).toBe('big_ab');
    expect(missing('m.7z.001', 'm.7z.002', 'm.7z.003')).toBeUndefined();
    expect(missing('old.rar', 'old.r00')).toBeUndefined();
  });

  it('keeps unrelated archives apart', () => {
    const groups = groupVolumes([file('a.zip'), file('b.7z'), file('c.tar.gz')]);
    expect(groups.map((group) => group.name)).toEqual(['a.zip', 'b.7z', 'c.tar.gz']);
  });

  it('orders RAR .partN sets numerically, whatever order they were dropped in', () => {
    const [set, ...rest] = groupVolumes([file('x.part10.rar'), file('x.part2.rar'), file('x.part1.rar')]);
    expect(rest).toEqual([]);
    expect(names(set!.parts)).toEqual(['x.part1.rar', 'x.part2.rar', 'x.part10.rar']);
    expect(set!.size).toBe(30);
  });

  it('puts the .rar before .r00 and the .zip after its .z01 parts', () => {
    const groups = groupVolumes([file('old.r01'), file('old.rar'), file('old.r00'), file('s.zip'), file('s.z02'), file('s.z01')]);
    expect(groups.map((group) => names(group.parts))).toEqual([
      ['old.rar', 'old.r00', 'old.r01'],
      ['s.z01', 's.z02', 's.zip'],
    ]);
  });

  it('groups numbered, CAB and split(1) parts', () => {
    const groups = groupVolumes([
      file('m.7z.002'),
      file('m.7z.001'),
      file('c.p2.cab'),
      file('c.p1.cab'),
      file('r_ab'),
      file('r_aa'),
    ]);
    expect(groups.map((group) => names(group.parts))).toEqual([
      ['m.7z.001', 'm.7z.002'],
      ['c.p1.cab', 'c.p2.cab'],
      ['r_aa', 'r_ab'],
    ]);
  });

  it('treats a lone part as an ordinary archive', () => {
    expect(groupVolumes([file('alone.part1.rar')]).map((group) => group.parts.length)).toEqual([1]);
  });
});

describe('withoutSystemFiles', () => {
  it('drops .DS_Store and Thumbs.db in any case', () => {
    expect(names(withoutSystemFiles([file('.DS_Store'), file('thumbs.db'), file('a.zip')]))).toEqual(['a.zip']);
  });
});

import { describe, expect, it } from 'vitest';
import { NameAllocator } from './name-allocator.js';

describe('NameAllocator', () => {
  it('never gives two files the same name, even differing only in case', () => {
    const names = new NameAllocator();
    expect(names.allocate('README.txt', 'file')).toBe('README.txt');
    expect(names.allocate('readme.txt', 'file')).toBe('readme (2).txt');
    expect(names.allocate('README.TXT', 'file')).toBe('README (3).TXT');
  });

  it('merges directories that differ only in case', () => {
    const names = new NameAllocator();
    expect(names.allocate('Docs/a.txt', 'file')).toBe('Docs/a.txt');
    expect(names.allocate('docs/b.txt', 'file')).toBe('Docs/b.txt');
    expect(names.allocate('docs', 'dir')).toBe('Docs');
  });

  it('does not let a directory replace a file or the other way round', () => {
    const names = new NameAllocator();
    expect(names.allocate('data', 'file')).toBe('data');
    expect(names.allocate('data/inner.txt', 'file')).toBe('data (2)/inner.txt');
    expect(names.allocate('data', 'dir')).toBe('data (2)');
  });

  it('treats a leading dot as part of the name', () => {
    const names = new NameAllocator();
    names.allocate('.env', 'file');
    expect(names.allocate('.ENV', 'file')).toBe('.ENV (2)');
  });
});

import { describe, expect, it } from 'vitest';
import { namesKeptAsListed } from './names-kept.js';
import { parseSltListing } from './slt-listing.js';

/** `7zz l -slt` output of an archive of `type` holding these entries (a trailing slash: a folder). */
function listing(names: string[], type = '7z', link?: string) {
  const lines = ['--', 'Path = x.7z', `Type = ${type}`, '', '----------'];
  for (const name of names) {
    const folder = name.endsWith('/');
    lines.push(`Path = ${folder ? name.slice(0, -1) : name}`, `Attributes = ${folder ? 'D drwxr-xr-x' : 'A -rw-r--r--'}`, '');
  }
  if (link) lines.push(`Path = ${link}`, 'Attributes = A lrwxrwxrwx', 'Symbolic Link = target', '');
  return parseSltListing(lines);
}

describe('whether adoption keeps every name a 7z lists', () => {
  it('keeps plain names, folders and names that only look odd', () => {
    expect(namesKeptAsListed(listing(['d/', 'd/a.txt', 'd/e/', 'd/e/b', '.hidden', 'x y.txt', 'Ünïcode.txt']))).toEqual(
      new Set(['d', 'd/a.txt', 'd/e', 'd/e/b', '.hidden', 'x y.txt', 'Ünïcode.txt']),
    );
  });

  it('does not where two names collide: the same name, one in another case, a file where a folder is', () => {
    expect(namesKeptAsListed(listing(['a.txt', 'a.txt']))).toBeNull();
    expect(namesKeptAsListed(listing(['A.txt', 'a.txt']))).toBeNull();
    expect(namesKeptAsListed(listing(['Docs/', 'docs/a.txt']))).toBeNull();
    expect(namesKeptAsListed(listing(['d', 'd/a.txt']))).toBeNull();
  });

  it('does not where a name is not safe as it is, nor for a link, nor for another format', () => {
    expect(namesKeptAsListed(listing(['../up.txt']))).toBeNull();
    expect(namesKeptAsListed(listing(['d/./a.txt']))).toBeNull();
    expect(namesKeptAsListed(listing(['bell\u0007.txt']))).toBeNull();
    expect(namesKeptAsListed(listing(['d/', 'd/a.txt'], '7z', 'd/link'))).toBeNull();
    expect(namesKeptAsListed(listing(['d/', 'd/a.txt'], 'Rar5'))).toBeNull();
  });

  it('does not for a name too long for common file systems', () => {
    expect(namesKeptAsListed(listing([`${'n'.repeat(256)}.txt`]))).toBeNull();
  });
});

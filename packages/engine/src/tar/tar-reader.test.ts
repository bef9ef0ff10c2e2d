import { describe, expect, it } from 'vitest';
import { TarError, TarReader, type TarEntry } from './tar-reader.js';
import { body, concat, end, file, gnuLong, header, octal, pax, streamOf } from './tar-writer.js';

interface Read {
  name: string;
  kind: TarEntry['kind'];
  typeflag: string;
  size: number;
  linkName: string;
  content: Uint8Array;
  sparse: boolean;
}

async function readAll(bytes: Uint8Array, chunk = 1000): Promise<Read[]> {
  const out: Read[] = [];
  for await (const entry of new TarReader(streamOf(bytes, chunk).stream)) {
    const pieces: Uint8Array[] = [];
    for (let piece = await entry.read(); piece; piece = await entry.read()) pieces.push(piece);
    const content = new Uint8Array(await new Blob(pieces as BlobPart[]).arrayBuffer());
    const { name, kind, typeflag, size, linkName, sparse } = entry;
    out.push({ name, kind, typeflag, size, linkName, content, sparse });
  }
  return out;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const summary = async (bytes: Uint8Array, chunk?: number) =>
  (await readAll(bytes, chunk)).map((e) => `${e.kind} ${e.name}${e.linkName ? ` -> ${e.linkName}` : ''}: ${text(e.content)}`);

async function failure(bytes: Uint8Array): Promise<TarError> {
  const error = await readAll(bytes).then(
    () => expect.unreachable('should fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TarError);
  return error as TarError;
}

describe('TarReader headers', () => {
  it('reads ustar, GNU, v7 and star headers, prefixes and base-256 sizes, in any chunking', async () => {
    const tar = concat(
      file('plain.txt', 'one'),
      file('name.txt', 'two', { prefix: 'a/long/prefix' }),
      file('gnu.txt', 'three', { magic: 'gnu', prefix: 'ignored' }),
      file('v7.txt', 'four', { magic: 'v7' }),
      file('star.txt', 'five', { prefix: 'pre', edit: (b) => b.set([0x74, 0x61, 0x72, 0], 508) }),
      file('big.txt', 'six', { base256: true }),
      file('signed-\u00e9.txt', 'seven', { checksum: 'signed' }),
      end(),
    );
    const expected = [
      'file plain.txt: one',
      'file a/long/prefix/name.txt: two',
      'file gnu.txt: three',
      'file v7.txt: four',
      'file pre/star.txt: five',
      'file big.txt: six',
      'file signed-\u00e9.txt: seven',
    ];
    for (const chunk of [1, 7, 512, 100_000]) expect(await summary(tar, chunk)).toEqual(expected);
  });

  it('takes names from GNU long names and PAX headers, and sizes from PAX', async () => {
    const long = `${'d/'.repeat(80)}file.txt`;
    const tar = concat(
      gnuLong('L', long),
      gnuLong('K', 'target/of/link'),
      header({ name: 'short', typeflag: '2', linkName: 'short-target' }),
      pax({ path: 'caf\u00e9/\u{1f600}.txt', size: '5' }),
      file('truncated-name', 'hello', { size: 0, edit: (b) => b.set([0x30], 124) }),
      pax({ linkpath: 'pax-target' }),
      header({ name: 'hard', typeflag: '1', linkName: 'ignored' }),
      end(),
    );
    expect(await summary(tar)).toEqual([
      `symlink ${long} -> target/of/link: `,
      'file caf\u00e9/\u{1f600}.txt: hello',
      'hardlink hard -> pax-target: ',
    ]);
  });

  it('applies global headers to every later entry, local ones to the next only; Solaris X is PAX', async () => {
    const tar = concat(
      pax({ comment: 'global', path: 'everyone' }, 'g'),
      pax({ path: 'local' }, 'X'),
      file('a', '1'),
      file('b', '2'),
      end(),
    );
    expect(await summary(tar)).toEqual(['file local: 1', 'file everyone: 2']);
  });

  it('decodes names as UTF-8, invalid bytes becoming U+FFFD', async () => {
    const tar = concat(file('x', '', { edit: (b) => b.set([0x61, 0xb1, 0x62, 0xc3, 0], 0) }), end());
    expect((await readAll(tar))[0]?.name).toBe('a\ufffdb\ufffd');
  });

  it('classifies typeflags: unknown ones, ACLs, labels and devices are "other" and their bodies skipped', async () => {
    const tar = concat(
      file('acl', 'A-body', { typeflag: 'A' }),
      file('label', '', { typeflag: 'V' }),
      file('weird', 'Q-body', { typeflag: 'Q' }),
      header({ name: 'dev', typeflag: '3' }),
      header({ name: 'fifo', typeflag: '6' }),
      header({ name: 'dir-with-size/', typeflag: '5', size: 1 }), // no body: the size is ignored
      header({ name: 'old-dir/', typeflag: '\0' }),
      file('contiguous', 'c', { typeflag: '7' }),
      file('dumpdir', 'Yfile\0\0', { typeflag: 'D' }),
      end(),
    );
    expect((await readAll(tar)).map((e) => `${e.kind}:${e.name}:${text(e.content)}`)).toEqual([
      'other:acl:A-body',
      'other:label:',
      'other:weird:Q-body',
      'other:dev:',
      'other:fifo:',
      'dir:dir-with-size/:',
      'dir:old-dir/:',
      'file:contiguous:c',
      'dir:dumpdir:Yfile\0\0',
    ]);
  });

  it('reads a hard link with a size as bodiless when a header follows, else with its body', async () => {
    const bodiless = concat(header({ name: 'link', typeflag: '1', linkName: 'a', size: 5 }), file('next', 'n'), end());
    expect(await summary(bodiless)).toEqual(['hardlink link -> a: ', 'file next: n']);
    const withBody = concat(header({ name: 'link', typeflag: '1', linkName: 'a', size: 5 }), body('12345'), end());
    expect(await summary(withBody)).toEqual(['hardlink link -> a: 12345']);
  });
});

describe('TarReader ends and failures', () => {
  it('ends at two zero blocks, a lone zero block, or the end of input between entries', async () => {
    const endings = [end(2), end(1), end(0), end(1).subarray(0, 100), concat(end(1), file('after-lone-zero', 'x'))];
    for (const ending of endings) {
      expect(await summary(concat(file('a', '1'), ending))).toEqual(['file a: 1']);
    }
  });

  it('says "not a tar" for a bad first header, "corrupt" for a later one', async () => {
    expect((await failure(concat(file('a', '1', { checksum: 'bad' }), end()))).kind).toBe('not-tar');
    expect((await failure(new Uint8Array(300).fill(65))).kind).toBe('not-tar');
    expect((await failure(concat(file('a', '1'), file('b', '2', { checksum: 'bad' }), end()))).kind).toBe('corrupt');
    const negative = header({ name: 'neg', edit: (b) => b.fill(0xff, 124, 136) });
    expect((await failure(concat(file('a', '1'), negative, end()))).kind).toBe('corrupt');
  });

  it('reports an archive cut inside a body, its padding, a header or an extended header as truncated', async () => {
    const whole = concat(file('a', 'x'.repeat(700)), end());
    for (const length of [600, 1400]) {
      expect((await failure(concat(whole.subarray(0, length)))).kind).toBe('truncated');
    }
    expect((await failure(concat(file('a', '1'), header({ name: 'b', size: 0 }).subarray(0, 200)))).kind).toBe('truncated');
    expect((await failure(pax({ path: 'x' }).subarray(0, 600))).kind).toBe('truncated');
    expect((await failure(concat(file('a', '1'), pax({ path: 'p' })))).kind).toBe('truncated');
  });

  it('refuses a PAX size that is not a number, and metadata too large to hold', async () => {
    expect((await failure(concat(file('a', '1'), pax({ size: '-5' }), file('b', ''), end()))).kind).toBe('corrupt');
    const huge = header({ name: 'L', typeflag: 'L', size: 64 << 20 });
    expect((await failure(concat(huge, new Uint8Array(64 << 20), end()))).kind).toBe('corrupt');
    expect((await failure(concat(huge, end()))).kind).toBe('truncated');
  });

  it('reads nothing ahead: one input chunk per body chunk asked for', async () => {
    const data = new Uint8Array(10_000).fill(7);
    const { stream, pulled } = streamOf(concat(file('big', data), file('small', 'x'), end()), 1000);
    const reader = new TarReader(stream);
    const entry = await reader.next();
    expect(pulled()).toBe(1);
    await entry?.read();
    await entry?.read();
    expect(pulled()).toBe(2);
    expect((await reader.next())?.name).toBe('small'); // the rest of "big" is skipped unread
    expect(await reader.next()).toBeNull();
  });
});

describe('TarReader sparse files', () => {
  const data = 'AAAABBBB';
  const expanded = '\0'.repeat(1000) + 'AAAA' + '\0'.repeat(996) + 'BBBB' + '\0'.repeat(96);
  const runs: [number, number][] = [
    [1000, 4],
    [2000, 4],
    [2100, 0],
  ];

  it('rebuilds old GNU sparse files, with extension blocks', async () => {
    const map = (b: Uint8Array, at: number, pairs: [number, number][]) =>
      pairs.forEach(([o, n], i) => b.set(new TextEncoder().encode(octal(o, 12) + octal(n, 12)), at + i * 24));
    const head = header({
      name: 'old',
      typeflag: 'S',
      magic: 'gnu',
      size: 8,
      edit: (b) => {
        map(b, 386, runs.slice(0, 1));
        b[482] = 1;
        b.set(new TextEncoder().encode(octal(2100, 12)), 483);
      },
    });
    const extension = new Uint8Array(512);
    map(extension, 0, runs.slice(1));
    const [entry] = await readAll(concat(head, extension, body(data), end()));
    expect(entry).toMatchObject({ name: 'old', kind: 'file', size: 2100, sparse: true });
    expect(text(entry?.content ?? new Uint8Array())).toBe(expanded);
  });

  it('rebuilds PAX 0.0, 0.1 and 1.0 sparse files under their real names', async () => {
    const map10 = '#!gnu-sparse-format\n#format:1.0\n3\n1000\n4\n2000\n4\n2100\n0\n';
    const tar = concat(
      pax([
        ['GNU.sparse.size', '2100'],
        ['GNU.sparse.numblocks', '3'],
        ...runs.flatMap(([o, n]): [string, string][] => [
          ['GNU.sparse.offset', `${o}`],
          ['GNU.sparse.numbytes', `${n}`],
        ]),
      ]),
      file('s00', data),
      pax({ 'GNU.sparse.size': '2100', 'GNU.sparse.map': runs.flat().join(','), 'GNU.sparse.name': 's01' }),
      file('GNUSparseFile.1/s01', data),
      pax({ 'GNU.sparse.major': '1', 'GNU.sparse.minor': '0', 'GNU.sparse.name': 's10', 'GNU.sparse.realsize': '2100' }),
      file('GNUSparseFile.1/s10', concat(body(map10), new TextEncoder().encode(data))),
      end(),
    );
    const entries = await readAll(tar, 333);
    expect(entries.map((e) => [e.name, e.size, e.sparse])).toEqual([
      ['s00', 2100, true],
      ['s01', 2100, true],
      ['s10', 2100, true],
    ]);
    for (const entry of entries) expect(text(entry.content)).toBe(expanded);
  });

  it('keeps a PAX 1.0 body whose map it cannot read as stored; refuses an impossible map', async () => {
    const stored = concat(body('not-a-map\n'), new TextEncoder().encode(data));
    const odd = concat(
      pax({ 'GNU.sparse.major': '1', 'GNU.sparse.minor': '0', 'GNU.sparse.name': 's', 'GNU.sparse.realsize': '10' }),
    );
    const [entry] = await readAll(concat(odd, file('GNUSparseFile.1/s', stored), end()));
    expect(entry).toMatchObject({ name: 'GNUSparseFile.1/s', size: 520, sparse: false });
    expect(entry?.content).toEqual(stored);
    const overlapping = pax({ 'GNU.sparse.size': '100', 'GNU.sparse.map': '0,8,4,8' });
    expect((await failure(concat(overlapping, file('x', 'x'.repeat(16)), end()))).kind).toBe('corrupt');
    const beyond = pax({ 'GNU.sparse.size': '10', 'GNU.sparse.map': '8,8' });
    expect((await failure(concat(beyond, file('x', 'x'.repeat(8)), end()))).kind).toBe('corrupt');
  });
});

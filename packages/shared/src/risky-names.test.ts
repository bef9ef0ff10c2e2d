import { describe, expect, it } from 'vitest';
import { nameRisk } from './risky-names.js';

describe('nameRisk', () => {
  it.each(['setup.exe', 'SCREENSAVER.SCR', 'run.bat', 'a.cmd', 'x.com', 'old.pif', 'y.vbs', 'tool.js', 'z.jse', 'w.wsf'])(
    'flags %s as a program or script',
    (name) => {
      expect(nameRisk(name)?.kind).toBe('executable');
    },
  );

  it.each(['p.ps1', 'link.lnk', 'install.msi', 'app.apk', 'lib.jar', 'Thing.app', 'install.sh'])('flags %s too', (name) => {
    expect(nameRisk(name)).toEqual({ kind: 'executable', extension: name.slice(name.lastIndexOf('.') + 1).toLowerCase() });
  });

  it('flags a program dressed as a document, with the decoy it borrows', () => {
    expect(nameRisk('photo.jpg.exe')).toEqual({ kind: 'doubleExtension', extension: 'exe', decoy: 'jpg' });
    expect(nameRisk('Invoice.PDF.scr')).toEqual({ kind: 'doubleExtension', extension: 'scr', decoy: 'pdf' });
    // Padding pushes the real extension out of a narrow column; the engine's `_` for a hidden control too.
    expect(nameRisk('invoice.pdf          .exe')).toMatchObject({ kind: 'doubleExtension', decoy: 'pdf' });
    expect(nameRisk('invoice.pdf_.exe')).toMatchObject({ kind: 'doubleExtension', decoy: 'pdf' });
  });

  it('does not call a version number or an ordinary dotted name a disguise', () => {
    expect(nameRisk('tool-1.2.exe')).toEqual({ kind: 'executable', extension: 'exe' });
    expect(nameRisk('jquery.min.js')).toEqual({ kind: 'executable', extension: 'js' });
  });

  it('leaves documents, media, extension-less names and dot files alone', () => {
    for (const name of ['report.pdf', 'photo.jpg', 'README', '.exe', 'exe', 'notes.exe.txt', 'data.json'])
      expect(nameRisk(name)).toBeNull();
  });
});

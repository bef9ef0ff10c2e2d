/**
 * Names worth a warning before a file is opened: programs and scripts that run when
 * double-clicked (Windows, macOS, Android, Java), and names that dress one up as a document
 * (`photo.jpg.exe`). One list for the page's cards and safety summary
 * (docs/decisions/035-integrity-and-safety-report.md).
 */
export const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  // Windows programs, installers and shortcuts
  'exe', 'scr', 'com', 'pif', 'cpl', 'msi', 'msp', 'msc', 'lnk', 'url', 'hta', 'reg', 'dll', 'sys', 'appx', 'msix',
  // Windows scripts
  'bat', 'cmd', 'vbs', 'vbe', 'js', 'jse', 'wsf', 'wsh', 'ps1', 'psm1',
  // Other systems
  'app', 'command', 'pkg', 'dmg', 'sh', 'apk', 'jar', 'deb', 'rpm', 'appimage', 'run',
]); // prettier-ignore

/**
 * Extensions a disguise borrows: what people open without a second thought. A program named
 * `report.pdf.exe` shows as `report.pdf` where Windows hides known extensions.
 */
const DECOY_EXTENSIONS: ReadonlySet<string> = new Set([
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'rtf', 'txt', 'csv',
  'jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'heic', 'svg',
  'mp3', 'mp4', 'wav', 'avi', 'mov', 'mkv', 'wmv',
  'zip', 'rar', '7z', 'html', 'htm',
]); // prettier-ignore

export type NameRisk =
  /** A program or script (`setup.exe`, `run.sh`). */
  | { kind: 'executable'; extension: string }
  /** A program or script named to look like a document (`photo.jpg.exe`, `invoice.pdf   .exe`). */
  | { kind: 'doubleExtension'; extension: string; decoy: string };

/** Why a file's name deserves a warning, or null. `name` is the last segment of a path. */
export function nameRisk(name: string): NameRisk | null {
  const lower = name.toLowerCase();
  const dot = lower.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = lower.slice(dot + 1);
  if (!EXECUTABLE_EXTENSIONS.has(extension)) return null;
  // Spaces, underscores (what the engine makes of hidden controls) or dots padding the gap
  // ("invoice.pdf      .exe") push the real extension out of sight.
  const stem = lower.slice(0, dot).replace(/[\s._]+$/, '');
  const decoy = /\.([a-z0-9]{1,5})$/.exec(stem)?.[1];
  if (decoy !== undefined && DECOY_EXTENSIONS.has(decoy)) return { kind: 'doubleExtension', extension, decoy };
  return { kind: 'executable', extension };
}

import type { NamesEncoding } from '@archive-opener/engine/names';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamesChoice } from './names-encoding';

export interface NamesEncodingPickerProps {
  value: NamesChoice;
  onChange: (choice: NamesChoice) => void;
}

type Script =
  | 'unicode'
  | 'western'
  | 'centralEuropean'
  | 'cyrillic'
  | 'greek'
  | 'turkish'
  | 'hebrew'
  | 'arabic'
  | 'baltic'
  | 'vietnamese'
  | 'japanese'
  | 'chineseSimplified'
  | 'chineseTraditional'
  | 'korean';

/** The code pages offered, by the script they write; each shown by its usual technical name. */
const GROUPS: readonly (readonly [Script, readonly (readonly [NamesEncoding, string])[]])[] = [
  ['unicode', [['utf-8', 'UTF-8']]],
  [
    'western',
    [
      ['cp437', 'CP437 (DOS)'],
      ['cp850', 'CP850 (DOS)'],
      ['windows-1252', 'Windows-1252'],
      ['iso-8859-15', 'ISO-8859-15'],
      ['iso-8859-3', 'ISO-8859-3'],
      ['iso-8859-14', 'ISO-8859-14'],
    ],
  ],
  [
    'centralEuropean',
    [
      ['windows-1250', 'Windows-1250'],
      ['iso-8859-2', 'ISO-8859-2'],
    ],
  ],
  [
    'cyrillic',
    [
      ['cp866', 'CP866 (DOS)'],
      ['windows-1251', 'Windows-1251'],
      ['koi8-r', 'KOI8-R'],
      ['koi8-u', 'KOI8-U'],
      ['iso-8859-5', 'ISO-8859-5'],
    ],
  ],
  [
    'greek',
    [
      ['windows-1253', 'Windows-1253'],
      ['iso-8859-7', 'ISO-8859-7'],
    ],
  ],
  ['turkish', [['windows-1254', 'Windows-1254']]],
  [
    'hebrew',
    [
      ['windows-1255', 'Windows-1255'],
      ['iso-8859-8', 'ISO-8859-8'],
    ],
  ],
  [
    'arabic',
    [
      ['windows-1256', 'Windows-1256'],
      ['iso-8859-6', 'ISO-8859-6'],
    ],
  ],
  [
    'baltic',
    [
      ['windows-1257', 'Windows-1257'],
      ['iso-8859-4', 'ISO-8859-4'],
      ['iso-8859-13', 'ISO-8859-13'],
      ['iso-8859-10', 'ISO-8859-10'],
    ],
  ],
  ['vietnamese', [['windows-1258', 'Windows-1258']]],
  [
    'japanese',
    [
      ['shift_jis', 'Shift-JIS (CP932)'],
      ['euc-jp', 'EUC-JP'],
    ],
  ],
  [
    'chineseSimplified',
    [
      ['gbk', 'GBK (CP936)'],
      ['gb18030', 'GB18030'],
    ],
  ],
  ['chineseTraditional', [['big5', 'Big5 (CP950)']]],
  ['korean', [['euc-kr', 'EUC-KR (CP949)']]],
];

const OFFERED = new Set<string>(GROUPS.flatMap(([, encodings]) => encodings.map(([encoding]) => encoding)));

const isChoice = (value: string): value is NamesChoice => value === 'auto' || OFFERED.has(value);

/**
 * The code page the file names are read in (docs/decisions/034-names-in-any-encoding.md): shown only
 * when some name has stored bytes that are not ASCII; a choice renames every file at once.
 */
export function NamesEncodingPicker({ value, onChange }: NamesEncodingPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Languages aria-hidden className="size-4 text-muted-foreground" />
      <label htmlFor={id} className="font-medium">
        {t('fileManager.namesEncoding.label')}
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(isChoice(event.target.value) ? event.target.value : 'auto')}
        className="h-9 rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <option value="auto">{t('fileManager.namesEncoding.auto')}</option>
        {GROUPS.map(([script, encodings]) => (
          <optgroup key={script} label={t(`fileManager.namesEncoding.scripts.${script}`)}>
            {encodings.map(([encoding, label]) => (
              <option key={encoding} value={encoding}>
                {label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <span id={`${id}-hint`} className="text-muted-foreground">
        {t('fileManager.namesEncoding.hint')}
      </span>
    </div>
  );
}

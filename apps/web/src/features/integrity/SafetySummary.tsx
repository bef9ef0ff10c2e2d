import { ChevronDown, ShieldAlert } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { formatBytes } from '../../lib/format-size';
import type { ExtractedFile } from '../file-manager/extracted-file';
import type { ArchiveFacts } from './archive-facts';
import { hasSomethingToSay, safetyReport, type RenamedEntry } from './safety-report';
import { NOTABLE_EXPANSION_RATIO } from '@archive-opener/shared';
import { extensionText, isolated, visibleName } from './visible-name';

/** Items listed per group; the rest are counted. */
const LISTED = 10;

/**
 * The safety report above the files (docs/decisions/035-integrity-and-safety-report.md): names the
 * engine made safe and what they became, links not created, programs and disguised programs,
 * encrypted archives, archives inside, the expansion. Shown only when one of these has something
 * to say; a heading whose button folds it, and plain lists, for screen readers.
 */
export function SafetySummary({ facts, files }: { facts: readonly ArchiveFacts[]; files: readonly ExtractedFile[] }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const report = useMemo(() => safetyReport(facts, files), [facts, files]);
  if (!hasSomethingToSay(report)) return null;
  const locale = i18n.resolvedLanguage;
  const ratio = report.ratio;

  return (
    <section
      data-safety-summary
      aria-labelledby={`${bodyId}-heading`}
      className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm sm:p-4"
    >
      <h3 id={`${bodyId}-heading`} className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((shown) => !shown)}
          className="flex w-full items-center gap-2 rounded text-start focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ShieldAlert aria-hidden className="size-5 shrink-0 text-destructive" />
          <span className="flex-1">{t('integrity.safety.title')}</span>
          <span className="sr-only">{t(open ? 'integrity.safety.hide' : 'integrity.safety.show')}</span>
          <ChevronDown
            aria-hidden
            className={cn('size-4 shrink-0 transition-transform motion-reduce:transition-none', open && 'rotate-180')}
          />
        </button>
      </h3>
      {open && (
        <div id={bodyId} className="mt-2 flex flex-col gap-3">
          <p className="text-muted-foreground">{t('integrity.safety.intro')}</p>
          {report.renamedCount > 0 && (
            <Group kind="renamed" title={t('integrity.safety.renamed', { n: report.renamedCount })}>
              {listed(report.renamed).map((entry, index) => (
                <li key={index}>
                  <RenamedText entry={entry} />
                </li>
              ))}
              <More count={report.renamedCount} />
            </Group>
          )}
          {report.linkCount > 0 && (
            <Group kind="links" title={t('integrity.safety.links', { n: report.linkCount })}>
              {listed(report.links).map((link, index) => (
                <li key={index}>
                  {t('integrity.safety.linkItem', {
                    path: isolated(visibleName(link.path)),
                    target: isolated(visibleName(link.target)),
                  })}
                </li>
              ))}
              <More count={report.linkCount} />
            </Group>
          )}
          {report.risky.length > 0 && (
            <Group
              kind="risky"
              title={t('integrity.safety.risky', { n: report.risky.length })}
              note={t('integrity.safety.riskyNote')}
            >
              {listed(report.risky).map(({ file, risk }) => (
                <li key={file.id} data-risk={risk.kind}>
                  {risk.kind === 'doubleExtension' ? (
                    t('integrity.safety.disguised', { name: isolated(file.path), decoy: extensionText(risk.decoy) })
                  ) : (
                    <bdi>{file.path}</bdi>
                  )}
                </li>
              ))}
              <More count={report.risky.length} />
            </Group>
          )}
          {report.nested.length > 0 && (
            <Group
              kind="nested"
              title={t('integrity.safety.nested', { n: report.nested.length })}
              note={t('integrity.safety.nestedNote')}
            >
              {listed(report.nested).map((file) => (
                <li key={file.id}>
                  <bdi>{file.path}</bdi>
                </li>
              ))}
              <More count={report.nested.length} />
            </Group>
          )}
          {(report.encrypted.length > 0 || ratio !== null) && (
            <ul className="flex flex-col gap-1">
              {report.encrypted.length > 0 && (
                <li data-safety-group="encrypted">
                  {t('integrity.safety.encrypted', { names: report.encrypted.map(isolated).join(', ') })}
                </li>
              )}
              {ratio !== null && (
                <li data-safety-group="ratio" className={cn(ratio >= NOTABLE_EXPANSION_RATIO && 'font-medium text-destructive')}>
                  {t(ratio >= NOTABLE_EXPANSION_RATIO ? 'integrity.safety.ratioHigh' : 'integrity.safety.ratio', {
                    // Below 1 (a tar of tiny files), two significant digits rather than "0×".
                    ratio: new Intl.NumberFormat(
                      locale,
                      ratio < 1 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 1 },
                    ).format(ratio),
                    output: formatBytes(report.outputBytes, locale),
                    input: formatBytes(report.archiveBytes, locale),
                  })}
                </li>
              )}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function listed<T>(items: readonly T[]): readonly T[] {
  return items.length > LISTED ? items.slice(0, LISTED) : items;
}

function Group({ kind, title, note, children }: { kind: string; title: string; note?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div data-safety-group={kind}>
      <h4 id={id} className="font-medium">
        {title}
      </h4>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
      <ul aria-labelledby={id} className="ms-5 list-disc break-all">
        {children}
      </ul>
    </div>
  );
}

function More({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= LISTED) return null;
  return <li className="list-none text-muted-foreground">{t('integrity.safety.more', { n: count - LISTED })}</li>;
}

function RenamedText({ entry }: { entry: RenamedEntry }) {
  const { t } = useTranslation();
  const reasons = entry.reasons.map((reason) => t(`integrity.safety.reasons.${reason}`)).join(', ');
  const text =
    entry.from === null
      ? t('integrity.safety.renamedUnknown', { to: isolated(entry.to) })
      : t('integrity.safety.renamedItem', { from: isolated(visibleName(entry.from)), to: isolated(entry.to) });
  return (
    <>
      {text}
      {reasons && <span className="text-muted-foreground"> ({reasons})</span>}
    </>
  );
}

import type { NameRisk } from '@archive-opener/shared';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { extensionText } from './visible-name';

/** On a card, before the name: "Program" or "Disguised" (risky-names.ts in packages/shared). */
export function RiskMarker({ risk }: { risk: NameRisk }) {
  const { t } = useTranslation();
  return (
    <span
      data-risk-marker={risk.kind}
      className="me-1.5 inline-flex items-center gap-1 rounded border border-destructive/40 bg-destructive/10 px-1 align-middle text-xs text-destructive"
    >
      <TriangleAlert aria-hidden className="size-3" />
      {t(risk.kind === 'doubleExtension' ? 'integrity.card.disguised' : 'integrity.card.executable')}
    </span>
  );
}

/** The card's sentence about it, which the card names as its description for screen readers. */
export function RiskWarning({ risk, id }: { risk: NameRisk; id: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} data-risk-warning className="text-xs text-destructive">
      {risk.kind === 'doubleExtension'
        ? t('integrity.card.disguisedWarning', { decoy: extensionText(risk.decoy) })
        : t('integrity.card.executableWarning')}
    </p>
  );
}

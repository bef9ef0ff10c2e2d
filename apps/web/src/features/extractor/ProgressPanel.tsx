import { Check, Circle, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { fallbackEstimate, secondsLeft as estimateSecondsLeft, stepStates, type RunClock } from './progress-model';

const STEPS = ['reading', 'processing', 'extracting', 'finalizing'] as const;

interface ProgressPanelProps {
  percent: number;
  running: boolean;
  /** Finished and total archives of a batch (shown when there are several). */
  done: number;
  total: number;
  onCancel: () => void;
  clock: RunClock | null;
  /** Server mode: the first step is the upload. */
  uploading?: boolean;
}

export default function ProgressPanel({ percent, running, done, total, onCancel, clock, uploading = false }: ProgressPanelProps) {
  const { t } = useTranslation();
  const rounded = Math.floor(percent);
  const secondsLeft = running ? estimateSecondsLeft(percent, clock) : null;
  const states = stepStates(percent);

  const timeLeft =
    percent >= 90
      ? t('extractor.progress.fallback.almostDone')
      : secondsLeft === null
        ? t(`extractor.progress.fallback.${fallbackEstimate(percent)}`)
        : secondsLeft < 90
          ? t('extractor.progress.seconds', { count: secondsLeft })
          : t('extractor.progress.minutes', { count: Math.round(secondsLeft / 60) });

  return (
    <section aria-labelledby="progress-title" className="rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id="progress-title" className="font-semibold">
          {t('extractor.progress.title')}
        </h2>
        <span className="text-2xl font-bold text-primary tabular-nums">{rounded}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="progress-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-4 grid gap-2 sm:grid-cols-4">
        {STEPS.map((step, index) => {
          const state = states[index] ?? 'pending';
          return (
            <li
              key={step}
              data-state={state}
              className={cn('flex items-center gap-2 text-sm', state === 'pending' ? 'text-muted-foreground' : 'text-foreground')}
            >
              {state === 'completed' ? (
                <Check aria-hidden className="size-4 shrink-0 text-success" />
              ) : state === 'active' && running ? (
                <Loader2 aria-hidden className="size-4 shrink-0 animate-spin text-primary" />
              ) : (
                <Circle aria-hidden className="size-4 shrink-0" />
              )}
              <span>
                {t(`extractor.progress.steps.${uploading && step === 'reading' ? 'uploading' : step}`)}
                <span className="sr-only"> ({t(`extractor.progress.stepState.${state}`)})</span>
              </span>
            </li>
          );
        })}
      </ol>
      {running && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
          <p>
            {t('extractor.progress.timeLeft', { value: timeLeft })}
            {total > 1 && ` • ${t('extractor.progress.batch', { done, total })}`}
          </p>
          <Button variant="outline" size="sm" onClick={onCancel}>
            {t('extractor.cancel')}
          </Button>
        </div>
      )}
    </section>
  );
}

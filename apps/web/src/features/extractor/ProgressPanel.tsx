import { Check, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/Spinner';
import { useEffect, useState } from 'react';
import { secondsLeft as estimateSecondsLeft, stepStates, type RateEstimate } from './progress-model';

const STEPS = ['reading', 'processing', 'extracting', 'finalizing'] as const;

interface ProgressPanelProps {
  percent: number;
  running: boolean;
  /** Finished and total archives of a batch (shown when there are several). */
  done: number;
  total: number;
  onCancel: () => void;
  /** The measured rate of the current stage; nothing is said of the time left without one. */
  estimate: RateEstimate | null;
  /** Server mode: the first step is the upload. */
  uploading?: boolean;
}

/** Re-reads the clock every second while running, so a stalled stage stops showing its old estimate. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export default function ProgressPanel({
  percent,
  running,
  done,
  total,
  onCancel,
  estimate,
  uploading = false,
}: ProgressPanelProps) {
  const { t } = useTranslation();
  const rounded = Math.floor(percent);
  const now = useNow(running);
  // The later of the panel's clock and the estimate's last measurement (it may be newer than the tick).
  const secondsLeft = running ? estimateSecondsLeft(estimate, Math.max(now, estimate?.at ?? 0)) : null;
  const states = stepStates(percent);

  const timeLeft =
    secondsLeft === null
      ? null
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
        {/* Slid in from the left by a transform: a transition of `width` laid the page out again every
            frame while extracting, on the main thread the page shares with its rendering. */}
        <div
          className="h-full w-full rounded-full bg-primary transition-transform duration-300"
          style={{ transform: `translateX(${percent - 100}%)` }}
        />
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
                <Spinner className="size-4 text-primary" />
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
            {timeLeft !== null && t('extractor.progress.timeLeft', { value: timeLeft })}
            {timeLeft !== null && total > 1 && ' • '}
            {/* The archive being extracted: one more than those finished ("Archive 1 of 2" while the first runs). */}
            {total > 1 && t('extractor.progress.batch', { done: Math.min(total, done + 1), total })}
          </p>
          <Button variant="outline" size="sm" onClick={onCancel}>
            {t('extractor.cancel')}
          </Button>
        </div>
      )}
    </section>
  );
}

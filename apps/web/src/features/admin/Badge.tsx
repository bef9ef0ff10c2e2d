import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';

export type BadgeTone = 'primary' | 'success' | 'warning' | 'error' | 'neutral';

// Text colours keep at least 4.5:1 on their tint in both themes.
const TONES: Record<BadgeTone, string> = {
  primary: 'bg-primary text-primary-foreground',
  success: 'bg-success/10 text-green-800 dark:text-success',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  error: 'bg-destructive/10 text-destructive',
  neutral: 'bg-muted text-muted-foreground',
};

/** A short status word (New, OK, Warning…), with an optional icon before it. */
export function Badge({ tone, children, className }: { tone: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';

interface AdminSectionProps {
  id: string;
  title: string;
  /** Beside the heading: a counter badge, a timestamp. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One card of the dashboard: a landmark named by its h2. */
export function AdminSection({ id, title, aside, className, children }: AdminSectionProps) {
  const headingId = `admin-${id}-title`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('min-w-0 rounded-xl border border-border bg-card p-4 text-card-foreground sm:p-5', className)}
    >
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

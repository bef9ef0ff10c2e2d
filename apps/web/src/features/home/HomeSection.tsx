import type { ReactNode } from 'react';

interface HomeSectionProps {
  /** Used for the section's anchor (`#faq`) and, suffixed, for its heading's id. */
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** One home page section: a landmark named by its h2, with the common spacing and heading style. */
export function HomeSection({ id, title, subtitle, children }: HomeSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-8 py-12 sm:py-16">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {title}
        </h2>
        {subtitle && <p className="mt-3 text-pretty text-muted-foreground">{subtitle}</p>}
      </div>
      <div className="mt-8 sm:mt-10">{children}</div>
    </section>
  );
}

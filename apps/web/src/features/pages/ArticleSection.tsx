import type { ReactNode } from 'react';

/** A titled section of a text page (about, privacy): a landmark named by its h2. */
export function ArticleSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-8">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

/** The page frame of a text page: its h1, an optional lead paragraph, then the sections. */
export function ArticlePage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl space-y-10 py-10 sm:py-14">
      <header className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {lead}
      </header>
      {children}
    </article>
  );
}

/** A bulleted list of sentences, indented on the reading direction's start side. */
export function BulletList({ items }: { items: { key: string; text: string }[] }) {
  return (
    <ul className="list-disc space-y-2 ps-6">
      {items.map((item) => (
        <li key={item.key}>{item.text}</li>
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';

/** A part of a page under its heading, named by it; `className` `k-card` frames it. */
export function Section({ id, title, className, headingClassName, children }: { id: string; title: ReactNode; className?: string; headingClassName: string; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

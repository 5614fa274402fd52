import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title.js';

interface PlaceholderPageProps {
  title: string;
  /** What this page will hold once its issue lands. */
  children: ReactNode;
}

/** A page whose real content is still to be built; it says what it will hold. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <section className="page container">
      <h1>{title}</h1>
      <div className="prose">{children}</div>
    </section>
  );
}

import type { ReactNode } from 'react';

/** One row of a console page's facts list (`<dl className="facts">`). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="facts__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

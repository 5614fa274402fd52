import type { ReactNode } from 'react';

/**
 * A section named by its heading, classed after its block: `<section class="{block}">` labelled
 * by its `<h2 class="{block}__title">`.
 */
export function TitledSection({
  block,
  title,
  children,
}: {
  block: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={block} aria-labelledby={`${block}-title`}>
      <h2 id={`${block}-title`} className={`${block}__title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';
import { SITE_PAGES, type PageId } from '#src/domain/site-routes.js';
import { usePageTitle } from '../../lib/use-page-title.js';

/**
 * A page of reading (FAQ, How It Works, Terms…): its title from the page table, its heading and
 * the lead paragraph under it, then what it says.
 */
export function ContentPage({
  page,
  heading,
  lead,
  children,
}: {
  page: PageId;
  heading: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(SITE_PAGES[page].title);
  return (
    <article className="page container">
      <header className="page__header">
        <h1>{heading}</h1>
        <p className="page__lead">{lead}</p>
      </header>
      {children}
    </article>
  );
}

/** A dated legal text (the terms, the privacy notice): a content page led by when it last changed. */
export function LegalPage(props: {
  page: PageId;
  heading: string;
  lastUpdated: string;
  children: ReactNode;
}) {
  return (
    <ContentPage
      page={props.page}
      heading={props.heading}
      lead={<>Last updated {props.lastUpdated}</>}
    >
      <div className="prose terms">{props.children}</div>
    </ContentPage>
  );
}

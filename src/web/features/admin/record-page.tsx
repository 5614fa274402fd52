import type { ReactNode } from 'react';
import { hrefOf } from '#src/domain/site-links.js';
import { SuccessNotice } from '../../components/ui/success-notice.js';
import { Link } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { LoadState } from './load-state.js';
import { ConsoleNav } from './staff-only.js';
import type { Load } from './use-load.js';

const RECORDS = {
  orders: { list: 'adminOrders', noun: 'order' },
  claims: { list: 'adminClaims', noun: 'claim' },
} as const;

/**
 * A console page of one record (an order, a claim): the console's links, the way back to the
 * list of its kind, its title (the page's too), how its loading went and what the last change
 * did, then the record itself.
 */
export function RecordPage<T>({
  kind,
  title,
  load,
  done,
  children,
}: {
  kind: keyof typeof RECORDS;
  title: string;
  load: Load<T>;
  /** What the operator's last change did. */
  done: string | null;
  children: ReactNode;
}) {
  const { list, noun } = RECORDS[kind];
  usePageTitle(title);
  return (
    <section className="page container console">
      <ConsoleNav current={kind} />
      <p className="breadcrumb">
        <Link to={hrefOf(list)}>All {kind}</Link>
      </p>
      <h1>{title}</h1>
      <LoadState load={load} what={`the ${noun}`} notFound={`There is no such ${noun}.`} />
      <SuccessNotice message={done} />
      {children}
    </section>
  );
}

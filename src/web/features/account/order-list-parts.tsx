import type { ReactNode } from 'react';
import { hrefOf } from '#src/domain/site-links.js';
import { Link } from '../../lib/router.js';

/** The parts of the account's order lists (orders, bookings in progress) and order page. */

/** The order's reference, a link to its page ("Order …" to a screen reader). */
export function OrderLink({ reference }: { reference: string }) {
  return (
    <Link to={hrefOf('accountOrder', { reference })}>
      <span className="visually-hidden">Order </span>
      {reference}
    </Link>
  );
}

/** One fact of a list of facts whose rows are `<div>`s (`account-orders__facts`, the addresses). */
export function OrderFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A destination's flag before its name: decorative, the name says the country. */
export function Flag({ path }: { path: string }) {
  return <img className="flag" src={path} alt="" width="24" height="18" />;
}

import type { ReactNode } from 'react';
import { Link } from '../../lib/router.js';

/** The way back to the previous step of the booking journey, above a step's heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="back-link">
      <Link to={to}>
        <span aria-hidden="true">‹ </span>
        {children}
      </Link>
    </p>
  );
}

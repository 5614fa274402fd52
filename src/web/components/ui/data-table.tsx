import type { ReactNode } from 'react';
import { ColumnHeads } from './column-heads.js';

/**
 * A table in a box that scrolls sideways on a narrow screen: its caption (for screen readers
 * only, unless `showCaption`), a column heading per name, then its rows. `region`: the box is a
 * region with this label that takes the focus, so a keyboard can scroll it.
 */
export function DataTable({
  caption,
  heads,
  className,
  showCaption = false,
  region,
  children,
}: {
  caption: ReactNode;
  heads: readonly string[];
  className?: string;
  showCaption?: boolean;
  region?: string;
  children: ReactNode;
}) {
  return (
    <div
      className="table-scroll"
      {...(region ? { tabIndex: 0, role: 'region', 'aria-label': region } : {})}
    >
      <table className={className}>
        <caption className={showCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        <ColumnHeads names={heads} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

import { useEffect, useRef } from 'react';

/**
 * A ref for the heading of the part of a page an email's link was for: when the visitor arrived
 * by that link (`arrived` is set), the heading is scrolled to the top of the window and takes the
 * focus.
 */
export function useArrivalHeading(arrived: string | boolean | null | undefined) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!arrived) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, [arrived]);
  return heading;
}

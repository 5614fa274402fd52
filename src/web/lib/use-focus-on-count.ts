import { useEffect, useRef } from 'react';

/**
 * A ref for the element that takes the focus each time `count` goes up (a refused try: the
 * field or the message that says why), not when the form is first shown.
 */
export function useFocusOnCount<T extends HTMLElement>(count: number) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (count > 0) ref.current?.focus();
  }, [count]);
  return ref;
}

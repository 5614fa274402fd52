import { useState, useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * False while React renders a page's prerendered HTML: at build time (scripts/ops/prerender.ts)
 * and in the browser while it hydrates that HTML; true from the render after, and from the first
 * render of a page the browser draws from nothing (every other page, and any page reached by a
 * link inside the site). The first render of a prerendered page must be the same in both places,
 * so nothing only the browser knows (this tab's storage, the query string, a message handed
 * over in memory, who is signed in, today's date) may change it: read such things after.
 */
export function useAfterHydration(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}

/**
 * A value only the browser knows, read once per mounted component like useState's initial value:
 * `neutral` in the prerendered HTML and while the browser hydrates it (the same on both sides),
 * then `read()`. A component mounted later (after a link inside the site) gets `read()` at once,
 * with no neutral render in between.
 */
export function useBrowserValue<T>(read: () => T, neutral: T): T {
  const hydrated = useAfterHydration();
  const [kept, setKept] = useState<{ value: T } | null>(() =>
    hydrated ? { value: read() } : null,
  );
  if (kept) return kept.value;
  if (!hydrated) return neutral;
  // The render just after hydration: read it now, and keep it from then on.
  const value = read();
  setKept({ value });
  return value;
}

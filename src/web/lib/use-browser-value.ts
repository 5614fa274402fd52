import { useState, useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * A value only the browser knows (this tab's storage, the address it arrived at, a message handed
 * over in memory, today's date), read once per mounted component like useState's initial value.
 *
 * A prerendered page's first render must be the same at build time (scripts/ops/prerender.ts)
 * and in the browser hydrating it, or React throws the HTML away: both render `neutral`. Once
 * hydrated, the component renders again with `read()`, only if that differs from `neutral`
 * (Object.is), so a page with nothing to change is left as it is, a form being typed into
 * included. A component mounted later (any page rendered in the browser, or reached by a link
 * inside the site) gets `read()` in its first render.
 */
export function useBrowserValue<T>(read: () => T, neutral: T): T {
  const [kept] = useState<{ value?: T; read?: true }>({});
  return useSyncExternalStore(
    nothingToWatch,
    () => {
      if (!kept.read) Object.assign(kept, { value: read(), read: true });
      return kept.value as T;
    },
    () => neutral,
  );
}

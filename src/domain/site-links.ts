import { SITE_PAGES, type PageId } from './site-routes.js';

/*
 * Links to the pages of the page table (src/domain/site-routes.ts), in a module of their own: the
 * page table is in the home page's script, and the pages that build links with hrefOf load it in
 * their own chunks, so the home page's script does not carry it (its budget: 80 KB gzipped).
 * The home page's own components read a fixed path as `SITE_PAGES.<page>.path`.
 */

/** The `:name` parameters of a path pattern, as a union of their names (never for a fixed path). */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a page's link needs: one string per `:name` of its path. */
export type PageParams<Id extends PageId> = Record<
  ParamNames<(typeof SITE_PAGES)[Id]['path']>,
  string
>;

/** A link's query: each value a string, undefined ones left out. */
export type LinkQuery = Readonly<Record<string, string | undefined>>;

type HrefArgs<Id extends PageId> = [ParamNames<(typeof SITE_PAGES)[Id]['path']>] extends [never]
  ? [params?: undefined, query?: LinkQuery, hash?: string]
  : [params: PageParams<Id>, query?: LinkQuery, hash?: string];

/**
 * The link to a page of the table: its path with each `:name` filled in (percent-encoded), then
 * the query (in the order given) and the fragment. A page that is not in the table, a missing
 * parameter or one the path does not have fails `tsc` (site-links.test-d.ts); every link of
 * `src/web` is made here (tests/lint/site-paths.test.ts), so a page's path is written once.
 */
export function hrefOf<Id extends PageId>(
  page: Id,
  ...[params, query, hash]: HrefArgs<Id>
): string {
  const values = (params ?? {}) as Readonly<Record<string, string>>;
  // The types make sure every `:name` has its value.
  const path = SITE_PAGES[page].path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
  const search = new URLSearchParams(
    Object.entries(query ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  ).toString();
  return path + (search && `?${search}`) + (hash ? `#${hash}` : '');
}

import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A list that others change while it is open (sales, requests, payments) loads again every minute, as SPEC's screens do. */
export const EVERY_MINUTE = { pollingInterval: 60_000 };

export type ListFilters<K extends string> = Record<K, string>;

/** The filters `keys` as a list call takes them: null where a filter is not set. */
export const filterArgs = <K extends string>(filters: ListFilters<string>, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, filters[k] || null])) as Record<K, string | null>;

/**
 * The filters and page of an admin list, kept in the URL (a filtered list can be bookmarked and shared; Back undoes a
 * filter). A filter equal to its default is left out of the URL; any change of filters goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[], defaults: Partial<ListFilters<K>> = {}) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? defaults[k] ?? ''])) as ListFilters<K>;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const go = (next: Partial<ListFilters<K>> & { page?: number }, opts: { replace?: boolean } = {}) => {
    const p = new URLSearchParams(params);
    for (const key of keys) {
      const value = next[key];
      if (value === undefined) continue;
      const trimmed = value.trim();
      if (trimmed === (defaults[key] ?? '')) p.delete(key);
      else p.set(key, trimmed);
    }
    p.set('page', String(next.page ?? 1));
    setParams(p, opts);
  };

  return { filters, page, go, filtered: keys.some((k) => filters[k] !== (defaults[k] ?? '')) };
}

/**
 * A page past the end (an old link, or the last record of the last page was removed) moves to the last page instead
 * of showing "nothing here" above "Page 9999 of 58".
 */
export function useKeepPageInRange(page: number, pageCount: number | undefined, go: (next: { page: number }, opts: { replace: boolean }) => void) {
  useEffect(() => {
    if (pageCount !== undefined && pageCount > 0 && page > pageCount) go({ page: pageCount }, { replace: true });
    // `go` is new on every render; the page and page count are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, pageCount]);
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

const present = (v: QueryValue): v is string | number | boolean => v !== null && v !== undefined && v !== '';

/** SPEC 7: null and empty values are left out of the query string. Arrays repeat the key. */
export function buildQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value as QueryValue];
    for (const v of values) if (present(v)) search.append(key, String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

import type { PagedResult } from '@kassa/contracts';
import type { KassaArgs, KassaResult } from './base-query';
import { missingResultError, type KassaError } from './kassa-error';
import type { QueryParams } from './query-string';

export const FETCH_ALL_PAGE_SIZE = 50;

type Requester = (args: KassaArgs) => Promise<KassaResult> | KassaResult;

/**
 * SPEC 7: loops pages with perPage=50 up to result.pageCount, joining result.items. Use it inside an endpoint's
 * `queryFn` with the base query RTK Query hands in: `queryFn: (_a, _api, _x, baseQuery) => fetchAll(baseQuery, url)`.
 */
export async function fetchAll<T>(
  request: Requester,
  url: string,
  params: QueryParams = {},
): Promise<{ data: T[]; error?: undefined } | { error: KassaError; data?: undefined }> {
  const items: T[] = [];
  let page = 1;
  let pageCount: number;
  do {
    const res = await request({ url, params: { ...params, page, perPage: FETCH_ALL_PAGE_SIZE } });
    if (res.error) return { error: res.error };
    const result = res.data as Partial<PagedResult<T>> | null;
    if (!result || !Array.isArray(result.items) || typeof result.pageCount !== 'number') {
      return { error: missingResultError(res.meta?.status ?? 200) };
    }
    items.push(...result.items);
    pageCount = result.pageCount;
    page += 1;
  } while (page <= pageCount);
  return { data: items };
}

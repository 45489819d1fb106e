import { api, performRequest } from '@kassa/api-client';
import { MenuResult } from '@kassa/contracts';

/**
 * The wall is updated within this long of a catalog change (plus the server's few seconds of cache), unless the menu
 * says otherwise (`refreshMs`: the catalog's MENU_REFRESH_MS).
 */
export const MENU_POLL_MS = 30_000;

export const barMenuApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMenu: build.query<MenuResult, void>({
      // Straight through performRequest, not the counting base query: a TV should not show the busy bar every poll,
      // and the public menu has no token to refuse.
      queryFn: async () => {
        const res = await performRequest('/products/menu/');
        if (res.error) return { error: res.error };
        const parsed = MenuResult.safeParse(res.data);
        if (!parsed.success) {
          return {
            error: { status: 200, code: 200, identifier: 'unknown_error', message: 'Unexpected menu from the server', lines: [] },
          };
        }
        return { data: parsed.data };
      },
      providesTags: ['Products'],
    }),
  }),
});

export const { useGetMenuQuery } = barMenuApi;

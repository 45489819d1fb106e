import { api } from '@kassa/api-client';
import type { RecentSales } from '@kassa/contracts';

/**
 * No response schema here, as for the till's other endpoints: a zod schema at run time would put zod into the till's
 * first load (scripts/bundle-budget.test.ts); the contract is checked by the route's own response schema.
 */
export const recentSalesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** This till's last sales within the server's undo window (GET /api/transactions/recent/). */
    getRecentSales: build.query<RecentSales, void>({
      query: () => '/transactions/recent/',
      providesTags: ['RecentSales'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetRecentSalesQuery } = recentSalesApi;

import { api } from '@kassa/api-client';
import { RecentSales } from '@kassa/contracts';

export const recentSalesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** This till's last sales within the server's undo window (GET /api/transactions/recent/). */
    getRecentSales: build.query<RecentSales, void>({
      query: () => '/transactions/recent/',
      responseSchema: RecentSales,
      providesTags: ['RecentSales'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetRecentSalesQuery } = recentSalesApi;

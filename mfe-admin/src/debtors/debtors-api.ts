import { api } from '@kassa/api-client';
import { DebtorsResult, type DebtorKind } from '@kassa/contracts';
import { downloadFile } from '../shared/download-file';
import type { ListArgs } from '../shared/endpoints';

export type DebtorsArgs = ListArgs<{ kind: DebtorKind | null; failed: boolean; blocked: boolean }>;
type DebtorsFilters = Pick<DebtorsArgs, 'kind' | 'failed' | 'blocked'>;

/** Only the filters that are set, as the API takes them. */
const filterParams = ({ kind, failed, blocked }: DebtorsFilters) => ({ ...(kind ? { kind } : {}), ...(failed ? { failed: 'true' } : {}), ...(blocked ? { blocked: 'true' } : {}) });

export const debtorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDebtors: build.query<DebtorsResult, DebtorsArgs>({
      query: ({ page, perPage, ...filters }) => ({ url: '/admin/debtors/', params: { page, perPage, ...filterParams(filters) } }),
      responseSchema: DebtorsResult,
      // A top-up, a correction or a sale changes who owes what.
      providesTags: ['Accounts'],
    }),
  }),
});

export const { useGetDebtorsQuery } = debtorsApi;

/** The debtors of the filters as a CSV file; answers the problem, or null once downloaded. */
export const downloadDebtorsCsv = (filters: DebtorsFilters) =>
  downloadFile(`/api/admin/debtors/csv?${new URLSearchParams(filterParams(filters))}`, 'kassa-debtors.csv');

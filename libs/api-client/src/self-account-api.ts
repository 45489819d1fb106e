import type { SelfAccount } from '@kassa/contracts';
import { api } from './api';

/**
 * GET /api/account/ is read by the shell (the "Your account" badge), the till (self payments) and the account page,
 * so it lives here once instead of being injected three times.
 */
export const selfAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSelfAccount: build.query<SelfAccount | null, void>({
      // SPEC 8: no_linked_account when loading the self account is ignored.
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const res = await baseQuery('/account/');
        if (res.error?.identifier === 'no_linked_account') return { data: null };
        if (res.error) return { error: res.error };
        return { data: res.data as SelfAccount };
      },
      providesTags: ['SelfAccount'],
    }),
  }),
});

export const { useGetSelfAccountQuery } = selfAccountApi;

/** Things a member still has to do on the account page; the sidebar shows their count as a badge. */
export function pendingSetupItems(account: SelfAccount | null | undefined): string[] {
  if (!account) return [];
  const items: string[] = [];
  if (!account.account.hasPin) items.push('Set a PIN code for paying at the bar');
  return items;
}

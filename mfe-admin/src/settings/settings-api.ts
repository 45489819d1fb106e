import { api } from '@kassa/api-client';
import { AdminSettings, type AdminSettingsBody, type TermsAnnouncementBody } from '@kassa/contracts';
import { read, send } from '../shared/endpoints';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminSettings: build.query<AdminSettings, void>(read('/admin/settings/', AdminSettings, ['Settings'])),
    putAdminSettings: build.mutation<AdminSettings, AdminSettingsBody>({
      // Not 'Config': the shell would reload it at once and, after new terms, cover this page with the terms before the
      // admin reads what happened. Everyone, the admin too, gets the new settings at the next load.
      ...send('PUT', () => '/admin/settings/', AdminSettings, ['Settings'], (body) => body),
      // The page compares its form with the cached settings: put the saved ones there at once, not after the refetch,
      // or Save stays enabled for a moment after "Settings saved.".
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.catch(() => null);
        if (saved) dispatch(settingsApi.util.updateQueryData('getAdminSettings', undefined, () => saved.data));
      },
    }),
    /** New terms announced ahead: members are mailed now, the terms take effect on their day. */
    announceTerms: build.mutation<AdminSettings, TermsAnnouncementBody>(send('POST', () => '/admin/settings/terms', AdminSettings, ['Settings'], (body) => body)),
  }),
});

export const { useGetAdminSettingsQuery, usePutAdminSettingsMutation, useAnnounceTermsMutation } = settingsApi;

import { api } from '@kassa/api-client';
import type { TfaCodeBody, TfaEnableResult, TfaSetupResult } from '@kassa/contracts';

/** Enrolment in two-factor sign-in (services/accounts, routes/user/post-tfa-*). */
export const tfaApi = api.injectEndpoints({
  endpoints: (build) => ({
    startTfaSetup: build.mutation<TfaSetupResult, void>({
      query: () => ({ url: '/user/tfa/setup', method: 'POST' }),
    }),
    enableTfa: build.mutation<TfaEnableResult, TfaCodeBody>({
      query: (body) => ({ url: '/user/tfa/enable', method: 'POST', body }),
    }),
  }),
});

export const { useStartTfaSetupMutation, useEnableTfaMutation } = tfaApi;

import { api, configLoaded } from '@kassa/api-client';
import type { Config, LoginBody, LoginResult, OAuthBody, SsoLoginResult, SsoTfaBody } from '@kassa/contracts';

/** The shell's own calls (SPEC 7): sign-in, single sign-on, configuration and accepting the terms. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, { username: string; password: string; tfaCode?: string }>({
      query: (body: LoginBody) => ({ url: '/login/', method: 'POST', body }),
    }),
    loginViaduct: build.mutation<SsoLoginResult, OAuthBody>({
      query: (body) => ({ url: '/login/oauth/viaduct/', method: 'POST', body }),
    }),
    /** Single sign-on's second step for a user with two-factor sign-in. */
    loginSsoTfa: build.mutation<LoginResult, SsoTfaBody>({
      query: (body) => ({ url: '/login/oauth/tfa/', method: 'POST', body }),
    }),
    getConfig: build.query<Config, void>({
      query: () => '/config/',
      providesTags: ['Config'],
      // Remotes read the configuration from the session slice, never from this cache entry.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(configLoaded(data));
        } catch {
          /* the session gate shows the failure */
        }
      },
    }),
    acceptCondition: build.mutation<unknown, void>({
      query: () => ({ url: '/user/condition/', method: 'POST' }),
      invalidatesTags: ['Config'],
    }),
  }),
});

export const { useLoginMutation, useLoginViaductMutation, useLoginSsoTfaMutation, useGetConfigQuery, useAcceptConditionMutation } = authApi;

/** Where the single-sign-on provider sends the user back to. */
export const ssoCallbackUrl = (origin: string) => `${origin}/login/callback`;

/** SPEC 2: the "Log in with Viaduct" button goes through the server, which redirects to the provider. */
export const viaductStartUrl = (origin: string, next: string) =>
  `/api/login/oauth/viaduct/start?redirect_uri=${encodeURIComponent(ssoCallbackUrl(origin))}&state=${encodeURIComponent(next)}`;

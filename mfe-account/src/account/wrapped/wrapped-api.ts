import { api } from '@kassa/api-client';
import { PosWrappedAnswer } from '@kassa/contracts';

export const wrappedApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWrapped: build.query<PosWrappedAnswer, void>({
      query: () => ({ url: '/account/wrapped/' }),
      responseSchema: PosWrappedAnswer,
    }),
  }),
});

export const { useGetWrappedQuery } = wrappedApi;

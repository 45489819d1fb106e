import { api } from '@kassa/api-client';
import type { CardStatusResult, CheckoutBody, CheckoutMethod, PurchaseResult, ReasonsResult, UndoResult } from '@kassa/contracts';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReasons: build.query<ReasonsResult, void>({ query: () => '/checkout/reasons/', providesTags: ['Reasons'] }),
    checkout: build.mutation<PurchaseResult, { method: CheckoutMethod; body: CheckoutBody }>({
      query: ({ method, body }) => ({ url: `/checkout/${method}/`, method: 'POST', body }),
    }),
    getCardStatus: build.query<CardStatusResult, string>({
      query: (id) => `/transactions/card/${encodeURIComponent(id)}/status/`,
      keepUnusedDataFor: 0,
    }),
    finishTransaction: build.mutation<PurchaseResult, string>({
      query: (id) => ({ url: `/transactions/${encodeURIComponent(id)}/finish/`, method: 'POST' }),
    }),
    undoTransaction: build.mutation<UndoResult, { id: string; refundConfirmed?: boolean }>({
      query: ({ id, refundConfirmed }) => ({ url: `/transactions/${encodeURIComponent(id)}/undo/`, method: 'POST', ...(refundConfirmed ? { body: { refundConfirmed } } : {}) }),
    }),
  }),
});

export const { useGetReasonsQuery } = checkoutApi;

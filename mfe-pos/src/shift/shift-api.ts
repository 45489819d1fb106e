import { api } from '@kassa/api-client';
import type { CloseShiftBody, CurrentShift, OpenShiftBody, SafeDropBody, Shift } from '@kassa/contracts';

/** No response schemas, as for the till's other endpoints (no zod in the till); the routes check their answers. */
export const shiftApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** This register's open shift (or null) with the cash expected so far (GET /api/shifts/current). */
    getCurrentShift: build.query<CurrentShift, void>({ query: () => '/shifts/current', providesTags: ['Shift'], keepUnusedDataFor: 0 }),
    openShift: build.mutation<Shift, OpenShiftBody>({ query: (body) => ({ url: '/shifts/', method: 'POST', body }), invalidatesTags: ['Shift'] }),
    safeDrop: build.mutation<Shift, { id: string } & SafeDropBody>({
      query: ({ id, ...body }) => ({ url: `/shifts/${id}/safe_drops/`, method: 'POST', body }),
      invalidatesTags: ['Shift'],
    }),
    closeShift: build.mutation<Shift, { id: string } & CloseShiftBody>({
      query: ({ id, ...body }) => ({ url: `/shifts/${id}/close/`, method: 'POST', body }),
      invalidatesTags: ['Shift'],
    }),
  }),
});

export const { useGetCurrentShiftQuery, useOpenShiftMutation, useSafeDropMutation, useCloseShiftMutation } = shiftApi;

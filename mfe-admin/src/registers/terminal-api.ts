import { api } from '@kassa/api-client';
import { StandinTerminalState, type StandinTerminalBody } from '@kassa/contracts';

/** The training (stand-in) card terminal of payments: what the next card payments will do. */
export const terminalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStandinTerminal: build.query<StandinTerminalState, void>({
      query: () => ({ url: '/admin/terminal/standin' }),
      responseSchema: StandinTerminalState,
      providesTags: ['Registers'],
    }),
    planStandinTerminal: build.mutation<StandinTerminalState, StandinTerminalBody>({
      query: (body) => ({ url: '/admin/terminal/standin', method: 'PUT', body }),
      responseSchema: StandinTerminalState,
      invalidatesTags: ['Registers'],
    }),
  }),
});

export const { useGetStandinTerminalQuery, usePlanStandinTerminalMutation } = terminalApi;

import { api } from '@kassa/api-client';
import { StandinTerminalState, type StandinTerminalBody } from '@kassa/contracts';
import { read, send } from '../shared/endpoints';

/** The training (stand-in) card terminal of payments: what the next card payments at a register will do. */
export const terminalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStandinTerminal: build.query<StandinTerminalState, { register: string }>(read('/admin/terminal/standin', StandinTerminalState, ['Registers'])),
    planStandinTerminal: build.mutation<StandinTerminalState, StandinTerminalBody & { register: string }>({
      ...send('PUT', () => '/admin/terminal/standin', StandinTerminalState, [], (body) => body),
      // The answer is the new queue: shown at once, so the next "+" adds to it, not to the queue before this one.
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const planned = await queryFulfilled.catch(() => null);
        if (planned) dispatch(terminalApi.util.upsertQueryData('getStandinTerminal', { register: body.register }, planned.data));
      },
    }),
  }),
});

export const { useGetStandinTerminalQuery, usePlanStandinTerminalMutation } = terminalApi;

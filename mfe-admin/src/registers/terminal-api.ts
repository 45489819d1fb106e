import { api } from '@kassa/api-client';
import { StandinTerminalState, type StandinTerminalBody } from '@kassa/contracts';
import { read, send } from '../shared/endpoints';

/** The training (stand-in) card terminal of payments: what the next card payments will do. */
export const terminalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStandinTerminal: build.query<StandinTerminalState, void>(read('/admin/terminal/standin', StandinTerminalState, ['Registers'])),
    planStandinTerminal: build.mutation<StandinTerminalState, StandinTerminalBody>(send('PUT', () => '/admin/terminal/standin', StandinTerminalState, ['Registers'], (body) => body)),
  }),
});

export const { useGetStandinTerminalQuery, usePlanStandinTerminalMutation } = terminalApi;

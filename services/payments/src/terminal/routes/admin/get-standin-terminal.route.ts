import { ApiResponse, ok, StandinTerminalQuery, StandinTerminalState } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { PaymentsContext } from '../../../context';
import { standinOnly } from './put-standin-terminal.route';

export default function getStandinTerminal(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/terminal/standin',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Outcomes queued at a register's stand-in terminal, or at the queue every register shares",
        querystring: StandinTerminalQuery,
        response: { 200: ApiResponse(StandinTerminalState) },
      },
    },
    async (request) => ok(await standinOnly(ctx).state(request.query.register)),
  );
}

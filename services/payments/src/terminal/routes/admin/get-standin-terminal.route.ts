import { ApiResponse, ok, StandinTerminalState } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { PaymentsContext } from '../../../context';
import { standinOnly } from './put-standin-terminal.route';

export default function getStandinTerminal(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/terminal/standin',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Outcomes queued at the stand-in terminal', response: { 200: ApiResponse(StandinTerminalState) } },
    },
    async () => ok(await standinOnly(ctx).state()),
  );
}

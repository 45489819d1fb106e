import { ApiResponse, ok, StandinTerminalBody, StandinTerminalState } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { PaymentsContext } from '../../../context';
import { StandinTerminal } from '../../standin-terminal';

export const standinOnly = (ctx: PaymentsContext): StandinTerminal => {
  if (ctx.terminal instanceof StandinTerminal) return ctx.terminal;
  throw new AppError(409, 'conflict', `The stand-in terminal is not in use (TERMINAL_PROVIDER=${ctx.env.TERMINAL_PROVIDER}).`);
};

/** Tells the stand-in terminal how the next payments end, at one register or at any (staff training, tests). */
export default function putStandinTerminal(app: ServiceApp, ctx: PaymentsContext) {
  app.put(
    '/api/admin/terminal/standin',
    {
      onRequest: app.requireRole('bar_committee'),
      schema: {
        tags: ['admin'],
        summary: 'Queue the outcomes of the next payments at the stand-in terminal',
        body: StandinTerminalBody,
        response: { 200: ApiResponse(StandinTerminalState) },
      },
    },
    async (request) => ok(await standinOnly(ctx).plan(request.body.outcomes, request.body.delayMs, request.body.register)),
  );
}

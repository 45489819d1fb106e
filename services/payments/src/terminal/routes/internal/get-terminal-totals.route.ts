import { ApiResponse, ok, TerminalTotals, TerminalTotalsQuery } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { PaymentsContext } from '../../../context';

/** The terminal's own totals for a register's period, asked by checkout when a shift closes (issue 49 §1). */
export default function getTerminalTotals(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/internal/terminal/totals',
    { onRequest: app.requireInternal, schema: { hide: true, querystring: TerminalTotalsQuery, response: { 200: ApiResponse(TerminalTotals) } } },
    async (request) => {
      const { register, from, to } = request.query;
      return ok(await ctx.terminal.totals({ registerId: register, from: new Date(from), to: new Date(to) }));
    },
  );
}

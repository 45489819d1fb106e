import { ApiResponse, ok, StartTerminalRequest, StartTerminalResult, type TransactionStatus } from '@kassa/contracts';
import { AppError, isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { ensurePollJob } from '../../jobs/terminal-poll.job';
import { cardTransactionModel, type CardTransactionDoc } from '../../models/card-transaction.model';
import type { PaymentsContext } from '../../../context';

/**
 * Starts the card payment of a checkout transaction at the terminal, once: a repeated call (a retry with the same
 * nonce at the till, a crash in between) answers the payment already started.
 */
export default function postTerminalTransaction(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/internal/terminal/transactions',
    { onRequest: app.requireInternal, schema: { hide: true, body: StartTerminalRequest, response: { 200: ApiResponse(StartTerminalResult) } } },
    async (request) => {
      const { transactionId, amount, registerId } = request.body;
      const CardTx = cardTransactionModel(ctx.db);
      let ct = (await CardTx.findOne({ transactionId }).lean()) as CardTransactionDoc | null;
      if (!ct) {
        try {
          ct = (await CardTx.create({ transactionId, amount, registerId, status: 'initializing' })).toObject() as CardTransactionDoc;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          ct = (await CardTx.findOne({ transactionId }).lean()) as CardTransactionDoc;
        }
      }
      if (ct.amount !== amount) throw new AppError(409, 'conflict', 'This transaction was started with another amount.');
      if (!ct.terminalRef) {
        const started = await ctx.terminal.start({ transactionId, amount, registerId });
        await CardTx.updateOne(
          { _id: ct._id, terminalRef: null },
          { $set: { terminalRef: started.terminalRef, terminal: started.terminal, status: 'pending' } },
        );
        ct = (await CardTx.findById(ct._id).lean()) as CardTransactionDoc;
      }
      if (!ct.reportedAt) await ensurePollJob(ctx.pollQueue, transactionId, ctx.env.TERMINAL_POLL_MS);
      return ok({
        terminal: { friendly_name: ct.terminal?.friendly_name ?? '', brand: ct.terminal?.brand ?? '' },
        status: ct.status as TransactionStatus,
      });
    },
  );
}

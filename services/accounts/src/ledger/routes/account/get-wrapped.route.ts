import { ApiResponse, ok, PosWrappedAnswer, type PosWrapped } from '@kassa/contracts';
import { AppError, createQueue, createRedis, localDay, type ServiceApp } from '@kassa/service-kit';
import type { Queue } from 'bullmq';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../../identity/guards';
import { POS_WRAPPED_ON_DEMAND, POS_WRAPPED_QUEUE } from '../../jobs/pos-wrapped.job';
import { wrappedAccountModel, wrappedYearModel } from '../../models/wrapped.model';
import { getSettings } from '../../../settings';
import { noLinkedAccount } from './get-account.route';

const NOTHING_YET: PosWrapped['mine'] = { purchases: 0, items: 0, spent: 0, topProduct: null, busiestDay: null, perMonth: Array<number>(12).fill(0) };

/**
 * GET /api/account/wrapped/: the member's year at the bar (POS Wrapped), when the board has switched it on. What the
 * worker's job stored for this year; if it has not run this year yet, the page's visit queues a run (once, however
 * many members ask) and answers `ready: false`.
 */
export default function getWrapped(app: ServiceApp, ctx: AccountsContext) {
  let queue: Queue | null = null;
  app.addHook('onClose', async () => {
    const q = queue;
    queue = null;
    await q?.close();
  });
  const requestRun = async () => {
    if (!queue) {
      const redis = createRedis(ctx.env.REDIS_URL);
      redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'redis error (pos wrapped queue)'));
      queue = createQueue(POS_WRAPPED_QUEUE, redis, ctx.env.QUEUE_PREFIX);
    }
    await queue.add('pos-wrapped', {}, { attempts: 1, deduplication: { id: POS_WRAPPED_ON_DEMAND }, removeOnComplete: { count: 20 }, removeOnFail: { count: 20 } });
  };

  app.get(
    '/api/account/wrapped/',
    { onRequest: app.authenticate, schema: { tags: ['accounts'], summary: "The member's year at the bar (POS Wrapped)", response: { 200: ApiResponse(PosWrappedAnswer) } } },
    async (request) => {
      if (!(await getSettings(app.db)).posWrappedAvailable) throw new AppError(404, 'not_found', 'POS Wrapped is not switched on.');
      const user = await currentUser(app, request);
      if (!user.accountId) throw noLinkedAccount();
      const year = Number(localDay(ctx.now(), 'Europe/Amsterdam').slice(0, 4));
      const stored = await wrappedYearModel(app.db).findOne({ year }).lean();
      if (!stored) {
        await requestRun().catch((err: unknown) => request.log.warn({ err }, 'pos wrapped: could not queue a run'));
        return ok({ ready: false, wrapped: null });
      }
      const mine = await wrappedAccountModel(app.db).findOne({ accountId: user.accountId, year }, { mine: 1 }).lean();
      return ok({
        ready: true,
        wrapped: { year, computedAt: stored.computedAt.toISOString(), mine: (mine?.mine as PosWrapped['mine'] | undefined) ?? NOTHING_YET, bar: stored.bar as PosWrapped['bar'] },
      });
    },
  );
}

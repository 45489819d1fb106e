import { ApiResponse, ok, SYSTEM_ACCOUNT_NAMES, SystemAccountKey, SystemAccountResult } from '@kassa/contracts';
import { isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { z } from 'zod';
import { accountModel } from '../../models/account.model';

/** A system account's id is made from its key, so two first asks at once make one account (the second insert clashes). */
export const systemAccountId = (key: SystemAccountKey) => new Types.ObjectId(createHash('sha256').update(`system-account:${key}`).digest('hex').slice(0, 24));

/** A system account (type `system`: no till, debtors, batch or demo list shows it), made the first time it is asked for. */
export default function postSystemAccount(app: ServiceApp) {
  app.post(
    '/internal/accounts/system/:key',
    { onRequest: app.requireInternal, schema: { hide: true, params: z.object({ key: SystemAccountKey }), response: { 200: ApiResponse(SystemAccountResult) } } },
    async (request) => {
      const _id = systemAccountId(request.params.key);
      const name = SYSTEM_ACCOUNT_NAMES[request.params.key];
      const Account = accountModel(app.db);
      if (!(await Account.exists({ _id }))) {
        try {
          await Account.create({ _id, name, type: 'system' });
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
      return ok({ id: String(_id), name });
    },
  );
}

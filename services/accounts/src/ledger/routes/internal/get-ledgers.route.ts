import { ApiResponse, InternalLedgers, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { adminLedgers } from '../../accounts-admin/ledgers';

/** Every ledger with its accounting code: the accounting export's mapping (payments). */
export default function getInternalLedgers(app: ServiceApp) {
  app.get(
    '/internal/ledgers',
    { onRequest: app.requireInternal, schema: { hide: true, response: { 200: ApiResponse(InternalLedgers) } } },
    async () => ok({ ledgers: await adminLedgers(app.db) }),
  );
}

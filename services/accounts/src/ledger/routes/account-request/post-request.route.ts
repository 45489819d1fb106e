import { AccountRequestBody, AccountRequestView, ApiResponse, cleanName, ok, type ValidationDetail } from '@kassa/contracts';
import { AppError, forbidden, isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { checkBic, checkIban } from '@kassa/contracts/sepa';
import { requestView } from '../../account-requests/request-view';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../../identity/guards';
import { accountRequestModel, type AccountRequestDoc } from '../../models/account-request.model';
import { registerOf } from '../../../identity/registers';
import { hashPin } from '../../pins/secrets';

/**
 * A signed-in user without an account asks for one (/setup): prepaid, or credit with a direct-debit mandate (IBAN and
 * BIC checked here with the SPEC 5 messages). One pending request per user; the board decides.
 */
export default function postAccountRequest(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/account_request/request',
    {
      onRequest: app.authenticate,
      schema: { tags: ['accounts'], summary: 'Request an account', body: AccountRequestBody, response: { 200: ApiResponse(AccountRequestView) } },
    },
    async (request) => {
      const body = request.body;
      const user = await currentUser(app, request);
      if (user.accountId) throw new AppError(409, 'conflict', 'You already have an account.');
      // The same users the config offers the request to (showAccountRequest).
      const register = await registerOf(app.db, user);
      if (!user.viaductUserId && !register.capabilities.includes('PAYMENT_ACCOUNT_SELF')) throw forbidden();

      let iban: string | null = null;
      let bic: string | null = null;
      if (body.creditAccount) {
        const detail: ValidationDetail[] = [];
        const ibanCheck = checkIban(body.iban);
        if ('error' in ibanCheck) detail.push({ loc: ['body', 'iban'], msg: ibanCheck.error, type: 'value_error' });
        else iban = ibanCheck.iban;
        const bicCheck = checkBic(body.bic);
        if ('error' in bicCheck) detail.push({ loc: ['body', 'bic'], msg: bicCheck.error, type: 'value_error' });
        else bic = bicCheck.bic;
        if (detail.length > 0) throw new AppError(422, 'validation_error', 'Validation error', detail);
      }

      try {
        const created = await accountRequestModel(app.db).create({
          userId: user._id,
          username: user.username,
          name: body.name || cleanName(user.displayName ?? '') || user.username,
          creditAccount: body.creditAccount,
          iban,
          bic,
          ...hashPin(ctx.env.PIN_PEPPER, body.pin),
          status: 'pending',
          openFor: String(user._id),
        });
        return ok(requestView(created.toObject() as AccountRequestDoc));
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        throw new AppError(409, 'account_request_exists', 'You already have a pending account request.');
      }
    },
  );
}

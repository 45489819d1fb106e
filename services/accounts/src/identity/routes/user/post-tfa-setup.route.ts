import { ApiResponse, ok, TfaSetupResult } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import QRCode from 'qrcode';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../guards';
import { userModel } from '../../models/user.model';
import { newTotpSecret, otpauthUrl } from '../../security/tfa';

/**
 * Starts enrolment in two-factor sign-in: a new secret, pending until POST /api/user/tfa/enable confirms a code from
 * it. The secret is shown now and never again; asking again replaces a pending one.
 */
export default function postTfaSetup(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/user/tfa/setup',
    { onRequest: app.authenticate,
      // Open while two-factor enrolment is required and not done (requireTfa).
      config: { beforeTfaEnrolment: true }, schema: { tags: ['auth'], summary: 'Start two-factor enrolment', response: { 200: ApiResponse(TfaSetupResult) } } },
    async (request) => {
      const user = await currentUser(app, request);
      if (user.tfaEnabled) throw new AppError(409, 'conflict', 'Two-factor sign-in is already on. Turn it off first to set up another device.');
      const secret = newTotpSecret();
      await userModel(app.db).updateOne({ _id: user._id }, { $set: { tfaPendingSecret: ctx.tfa.seal(secret) } });
      const url = otpauthUrl(user.username, secret);
      return ok({ otpauthUrl: url, qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 240 }), secret });
    },
  );
}

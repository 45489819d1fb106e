import { ApiResponse, IdParam, InternalRegister, ok } from '@kassa/contracts';
import { notFound, type ServiceApp } from '@kassa/service-kit';
import { registerModel } from '../../models/register.model';

/** A register's name for other services (checkout's shift report names the register its drawer belongs to). */
export default function getInternalRegister(app: ServiceApp) {
  app.get(
    '/internal/registers/:id',
    { onRequest: app.requireInternal, schema: { hide: true, params: IdParam, response: { 200: ApiResponse(InternalRegister) } } },
    async (request) => {
      const register = await registerModel(app.db).findById(request.params.id, { name: 1 }).lean();
      if (!register) throw notFound('Register not found');
      return ok({ id: String(register._id), name: register.name });
    },
  );
}

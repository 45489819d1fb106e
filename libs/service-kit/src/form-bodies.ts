import formBody from '@fastify/formbody';
import type { ServiceApp } from './app';

/**
 * Registers routes that take a plain HTML form or a provider callback (`application/x-www-form-urlencoded`, as
 * Mollie's webhook sends `id=tr_…`); the parser (@fastify/formbody) lives only in this plugin's scope.
 */
export function withFormBodies(app: ServiceApp, register: (scope: ServiceApp) => void): void {
  void app.register(async (plugin) => {
    await plugin.register(formBody);
    // register() hands over a plain instance type; it is the same zod-typed app underneath.
    register(plugin as unknown as ServiceApp);
  });
}

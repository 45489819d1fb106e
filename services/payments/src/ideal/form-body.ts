import type { ServiceApp } from '@kassa/service-kit';

/**
 * Registers routes that take a plain HTML form or a provider callback (`application/x-www-form-urlencoded`, as
 * Mollie's webhook sends `id=tr_…`); the parser lives only in this plugin's scope.
 */
export function withFormBodies(app: ServiceApp, register: (scope: ServiceApp) => void): void {
  void app.register(async (plugin) => {
    // register() hands over a plain instance type; it is the same zod-typed app underneath.
    const scope = plugin as unknown as ServiceApp;
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    register(scope);
  });
}

import autoload from '@fastify/autoload';
import { fileURLToPath } from 'node:url';
import type { ServiceApp } from './app';

/** A route file's default export: `src/routes/<area>/<method>-<name>.route.ts` (or `src/<domain>/routes/...`) registers its route(s) on the app. */
export type RouteFile<Context> = (app: ServiceApp, ctx: Context) => void;

/**
 * Registers every `*.route.ts` under `routes` (a service's `src/routes/`, or a domain folder's `src/<domain>/routes/`:
 * call it once per folder; compiled, the same path under `dist/` with `.route.js`, see scripts/build-services.mjs) with
 * @fastify/autoload: a route is added by adding its file where its URL says.
 * Each file is called with the app itself (not an encapsulated child: a hook a route file adds applies to the
 * whole app, as before) and the service's context. The order does not matter: find-my-way matches a path by its
 * shape (static before parametric), not by when it was registered.
 *
 * autoload hands each file a shallow copy of the context (it spreads its options): build the context whole before
 * this call and never replace a member afterwards (the apps expose it as Readonly); a test that must swap a part
 * injects it through the app's deps.
 */
export async function registerRoutes<Context extends object>(app: ServiceApp, routes: URL, ctx: Context): Promise<void> {
  // autoload imports .ts files only under the TypeScript loaders it recognises (tsx's CLI and vitest, not `node --import
  // tsx`, which `npm start` and the benches use); this file being .ts means the process runs one. Set, not read.
  // eslint-disable-next-line no-restricted-properties -- autoload's own switch, not configuration
  if (import.meta.url.endsWith('.ts')) process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
  await app.register(autoload, {
    dir: fileURLToPath(routes),
    matchFilter: (path: string) => /\.route\.[jt]s$/.test(path),
    dirNameRoutePrefix: false,
    encapsulate: false,
    forceESM: true,
    options: ctx,
  });
}

// `npm run build:services`: compiles every service, worker and operator command to plain JavaScript for production
// (services/<name>/dist/<entry>.js), so no TypeScript loader runs there. The workspace libraries (@kassa/*) are
// bundled in; every npm package stays an import that the production install provides.
//
// `node scripts/build-services.mjs --stage <dir>` also lays out what a service image holds: the manifests (root and
// every workspace, which `npm ci --omit=dev` needs) and the compiled services. scripts/service.Dockerfile does exactly
// this in its build stage and `npm run test:prod` does it outside Docker, then starts each service from the result.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What production runs, per service: `src/<entry>.ts` becomes `dist/<entry>.js`. */
export const SERVICE_ENTRIES = {
  accounts: ['server', 'worker', 'commands/ledger-audit.command', 'commands/create-admin.command', 'commands/seed-demo.command'],
  catalog: ['server', 'commands/seed-demo.command'],
  checkout: ['server'],
  payments: ['server', 'worker'],
  gateway: ['server'],
};

/**
 * A service's route files (`src/routes/<area>/<name>.route.ts`, or under a domain folder,
 * `src/<domain>/routes/<area>/<name>.route.ts`), each its own entry at the same path under dist
 * (`dist/<domain>/routes/<area>/<name>.route.js`): the service finds them there at run time with @fastify/autoload
 * (service-kit's registerRoutes, called with each `routes/` folder), as it finds the sources under tsx.
 */
function routeEntries(dir) {
  const src = join(dir, 'src');
  if (!existsSync(src)) return [];
  return readdirSync(src, { recursive: true })
    .map((file) => file.split(sep).join('/'))
    .filter((file) => file.endsWith('.route.ts') && (file.startsWith('routes/') || file.includes('/routes/')))
    .map((file) => file.slice(0, -'.ts'.length));
}

/** npm packages stay external (the production install has them); workspace sources are compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@kassa/') ? undefined : { path: args.path, external: true }));
  },
};

/** A bare import's package name: `fastify`, `@fastify/cors`, `node:fs` → undefined (built in). */
function packageName(path) {
  if (path.startsWith('node:') || builtinModules.includes(path.split('/')[0])) return undefined;
  const parts = path.split('/');
  return path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** npm packages the compiled service imports that its production install (`npm ci --omit=dev -w services/<name>`) lacks. */
function undeclaredImports(root, service, metafile) {
  const declared = new Set();
  const visit = (manifestPath) => {
    const deps = JSON.parse(readFileSync(manifestPath, 'utf8')).dependencies ?? {};
    for (const dep of Object.keys(deps)) {
      if (declared.has(dep)) continue;
      declared.add(dep);
      if (dep.startsWith('@kassa/')) visit(join(root, 'libs', dep.slice('@kassa/'.length), 'package.json'));
    }
  };
  visit(join(root, 'services', service, 'package.json'));
  const imported = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imp of output.imports) if (imp.external) imported.add(packageName(imp.path));
  }
  return [...imported].filter((name) => name && !declared.has(name)).sort();
}

export async function buildServices(root = ROOT) {
  for (const [service, entries] of Object.entries(SERVICE_ENTRIES)) {
    const dir = join(root, 'services', service);
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    const result = await build({
      absWorkingDir: root,
      entryPoints: [...entries, ...routeEntries(dir)].map((e) => ({ in: join(dir, 'src', `${e}.ts`), out: e })),
      outdir: join(dir, 'dist'),
      bundle: true,
      // What the entries share (the app, models, libraries) is one module in a chunk beside them, not a copy in each:
      // one mongoose, one set of models, one AppError for instanceof.
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [externalPackages],
      metafile: true,
    });
    const undeclared = undeclaredImports(root, service, result.metafile);
    if (undeclared.length) {
      throw new Error(`services/${service} imports ${undeclared.join(', ')} without a dependency in its package.json or its @kassa libraries: its image would not have them`);
    }
    const routes = routeEntries(dir).length;
    console.log(`[build:services] ${service}: ${entries.map((e) => `dist/${e}.js`).join(', ')}${routes ? `, ${routes} route files in dist/**/routes/` : ''}`);
  }
}

/** Copies the manifests and the compiled services into `out`, ready for `npm ci --omit=dev` there. */
export function stageProduction(out, root = ROOT) {
  mkdirSync(out, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const file of ['package.json', 'package-lock.json', ...manifest.workspaces.map((w) => `${w}/package.json`)]) {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    cpSync(join(root, file), join(out, file));
  }
  for (const service of Object.keys(SERVICE_ENTRIES)) {
    cpSync(join(root, 'services', service, 'dist'), join(out, 'services', service, 'dist'), { recursive: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServices();
  const at = process.argv.indexOf('--stage');
  if (at > 0) {
    stageProduction(process.argv[at + 1]);
    console.log(`[build:services] staged the production tree in ${process.argv[at + 1]}`);
  }
}

// One rspack + Module Federation configuration for the shell and every remote, so the five builds share the same
// rules: the same singletons, the same loaders, the same file naming and cache behaviour.
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ROUTER_FACADE = join(here, 'react-router-dom.mjs');
const ONE_REFRESH_RUNTIME = join(here, 'react-refresh-runtime.cjs');
const SINGLETON_RESOLVER = join(here, 'singleton-resolver.ts');

/**
 * Modules every app takes from the host at run time. The remotes then use the host's React tree, router, Redux store,
 * API slice (so injected endpoints land in the one cache), dialog stack and theme.
 *
 * zod and @kassa/contracts are deliberately NOT shared: a shared module cannot be tree-shaken, so sharing zod put all
 * of it (87 KB gzipped) on the till's first load, against 25 KB for the tree-shaken part the till uses. Nothing needs
 * one zod instance across apps (RTK Query validates through the standard-schema interface), and the shell imports
 * only types from the contracts.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
  '@kassa/api-client',
  '@kassa/ui',
];

const RELEASE_LIST = '.release-assets.json';

/**
 * The shell's start, in four scripts instead of one main.js (the page names them all; they load side by side). Chromium
 * compiles each script on a thread of its own while it downloads, so the main thread waits for the largest one rather
 * than for all of them in a row: one 586 KB main.js was still compiling when it had arrived (the main thread waited
 * about 120 ms for it at 4x CPU slowdown in a trace of bench/frontend's cold till). In cold loads of one Kassa taking
 * turns (12 each way, 4x), the till was usable 67 ms sooner at the median in this split, on a 2-core machine; a tablet
 * with more cores gains more. The webpack and federation runtime stay in main.js, which runs once all four are there.
 */
const HOST_START_SCRIPTS = {
  reactDom: { test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, chunks: 'initial', name: 'react-dom', enforce: true },
  stateAndRouting: {
    test: /[\\/]node_modules[\\/](react-router|@reduxjs|immer|redux|reselect|react-redux|redux-thunk|use-sync-external-store)[\\/]/,
    chunks: 'initial',
    name: 'state-and-routing',
    enforce: true,
  },
  ui: { test: /[\\/]libs[\\/]ui[\\/]/, chunks: 'initial', name: 'ui', enforce: true },
};

/**
 * Deletes what neither this build nor the one before it emitted. A browser that loaded the previous remoteEntry.js a
 * moment before a deploy still finds its chunks; older releases do not pile up in dist.
 */
class KeepPreviousReleasePlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('KeepPreviousReleasePlugin', (compilation) => {
      const outDir = compiler.options.output.path;
      const listFile = join(outDir, RELEASE_LIST);
      const current = Object.keys(compilation.assets);
      let previous = [];
      if (existsSync(listFile)) {
        try {
          previous = JSON.parse(readFileSync(listFile, 'utf8'));
        } catch {
          previous = [];
        }
      }
      const keep = new Set([...current, ...previous, RELEASE_LIST]);
      for (const file of walk(outDir)) {
        const rel = relative(outDir, file).split('\\').join('/');
        if (!keep.has(rel)) rmSync(file);
      }
      writeFileSync(listFile, JSON.stringify(current));
    });
  }
}

/**
 * Marks every emitted script with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+; to other
 * browsers it is a comment). Chromium then compiles the functions on its script-streaming thread while the file
 * downloads, instead of pre-parsing them there and compiling each on the main thread when it is first called. Almost
 * all of this code runs on load (React, the store, the router, a remote's screen), and the till's tablets have spare
 * cores but slow ones. Added after minification (which drops comments) and before source maps (which shift by it).
 */
class CompileHintPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (name.endsWith('.js')) compilation.updateAsset(name, (source) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
          }
        },
      );
    });
  }
}

/**
 * The host's index.html preloads the chunks its entry imports at once (the bootstrap behind the async boundary), so
 * the browser fetches them alongside main.js rather than after main.js has run. Chunks loaded later (the keyboard
 * panel) are not preloaded.
 */
class PreloadStartChunksPlugin {
  constructor(entryFile) {
    this.entryFile = entryFile;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadStartChunksPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise('PreloadStartChunksPlugin', async (data) => {
        const files = new Set();
        for (const group of compilation.chunkGroups) {
          if (group.isInitial() || !group.origins.some((o) => o.module?.resource === this.entryFile)) continue;
          for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
        }
        const links = [...files].sort().map((file) => ({
          tagName: 'link',
          attributes: { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` },
          voidTag: true,
        }));
        data.assetTags.scripts.unshift(...links);
        return data;
      });
    });
  }
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

/**
 * @param {object} opts
 * @param {string} opts.dir       the app's folder (import.meta.dirname of its rspack.config.mjs)
 * @param {string} opts.name      federation name: 'shell' for the host, 'mfe_pos' etc. for remotes
 * @param {boolean} [opts.host]   true for the shell (remotes are registered at run time, none at build time)
 * @param {string} [opts.title]   the HTML page title
 */
export function createAppConfig({ dir, name, host = false, title = 'Kassa' }) {
  const production = process.env.NODE_ENV !== 'development';
  // `npm run dev` (scripts/dev.ts) runs `rspack serve` with KASSA_DEV_PORT: hot updates and React Fast Refresh.
  const devServerPort = Number(process.env.KASSA_DEV_PORT) || 0;
  const refresh = !production && devServerPort > 0;
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const deps = pkg.dependencies ?? {};
  const versionOf = (request) => {
    const base = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
    return deps[base] ?? false;
  };
  const requests = production ? SHARED_SINGLETONS : [...SHARED_SINGLETONS, 'react/jsx-dev-runtime'];
  // The host's copies are eager: they travel inside main.js, which the browser compiles while it streams in, instead
  // of a dozen chunks it could ask for only after main.js (the federation runtime) had run. The shell's first screen
  // uses every one of them anyway; remotes still take them from the share scope at run time.
  const shared = Object.fromEntries(
    requests.map((request) => [request, { singleton: true, requiredVersion: versionOf(request), eager: host }]),
  );
  // The facade lives outside the package, so its version is stated rather than read from its folder.
  const routerVersion = JSON.parse(readFileSync(createRequire(join(dir, 'package.json')).resolve('react-router-dom/package.json'), 'utf8')).version;
  shared['react-router-dom'] = { ...shared['react-router-dom'], version: routerVersion };
  // React Router 7's package exports point at its development build only (remix-run/react-router#14102: dev warnings
  // and their checks on in production); a production build takes the production build beside it.
  const routerDir = dirname(createRequire(join(dir, 'package.json')).resolve('react-router/package.json'));
  const routerBuild = production ? { 'react-router$': join(routerDir, 'dist', 'production', 'index.mjs') } : {};

  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    target: ['web', 'es2022'],
    output: {
      path: join(dir, 'dist'),
      // The shell lives at the site root; remotes work out their own URL from remoteEntry.js's location.
      publicPath: host ? '/' : 'auto',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: name,
      clean: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: { 'react-router-dom$': ROUTER_FACADE, ...routerBuild },
    },
    module: {
      // A name missing from an import (e.g. from the router facade) fails the build instead of being undefined at run time.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production, refresh } },
            },
            env: { targets: 'chrome >= 100, edge >= 100, firefox >= 100, safari >= 15' },
          },
        },
        // CSS travels inside the JavaScript and injects <style> itself: a remote's styles arrive with its code, with
        // no separate stylesheet to resolve against the remote's origin.
        { test: /\.css$/, type: 'css', parser: { exportType: 'style' } },
        { test: /\.(png|jpe?g|gif|svg|webp|woff2?|mp3|wav|ogg)$/i, type: 'asset' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(host
          ? { remotes: {} }
          : { filename: 'remoteEntry.js', exposes: { './App': './src/app.tsx' }, manifest: true }),
        shared,
        shareStrategy: 'loaded-first',
        runtimePlugins: [SINGLETON_RESOLVER],
        dts: false,
        // The federation runtime (about 33 KB gzipped) ships once, in the shell; remotes use the shell's copy.
        experiments: host ? { provideExternalRuntime: true } : { externalRuntime: true },
      }),
      new rspack.HtmlRspackPlugin({
        // A remote's page is only for working on it alone; they share one template with their title.
        template: host ? join(dir, 'index.html') : join(here, 'remote.html'),
        title,
        scriptLoading: 'defer',
        minify: production,
      }),
      ...(host ? [new PreloadStartChunksPlugin(join(dir, 'src', 'index.ts'))] : []),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
      ...(production ? [new CompileHintPlugin(), new KeepPreviousReleasePlugin()] : []),
      ...(refresh ? reactRefreshPlugins() : []),
    ],
    optimization: {
      minimize: production,
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      ...(host && production ? { splitChunks: { cacheGroups: HOST_START_SCRIPTS } } : {}),
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    ...(devServerPort ? { devServer: devServer(devServerPort, host) } : {}),
  };
}

/**
 * The dev server of `npm run dev`. Files stay in memory (dist/ is `npm start`'s and is never overwritten by a dev
 * build). A remote's manifest and chunks are loaded by the shell from another origin, hence CORS; its hot-update
 * client in remoteEntry.js connects back to this server's own port.
 */
function devServer(port, host) {
  return {
    host: '127.0.0.1',
    port,
    hot: true,
    liveReload: true,
    static: false,
    headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
    // The page (localhost:PORT) loads a remote's scripts with <script> tags from 127.0.0.1:PORT+11...: a "cross-site"
    // no-cors request, which the dev server refuses (403) unless the host asked for is named here. It listens on
    // 127.0.0.1 only.
    allowedHosts: ['localhost', '127.0.0.1'],
    // The shell's client-side routes (/pos, /admin/...) all get its index.html; the gateway passes them on to here.
    historyApiFallback: host,
    client: { overlay: { errors: true, warnings: false, runtimeErrors: false }, logging: 'warn' },
  };
}

/**
 * React Fast Refresh across Module Federation: the shell and every remote run in one page, each bundle with its own
 * copy of react-refresh's runtime, but only the first copy (the shell's, loaded before react-dom) is hooked into
 * React. A remote's edits then re-render nothing. Every bundle therefore takes the runtime through
 * react-refresh-runtime.cjs, which hands out the page's first copy; one `library` name makes the entry hook React once.
 */
function reactRefreshPlugins() {
  return [
    new ReactRefreshRspackPlugin({ library: 'kassa', exclude: [/[\\/]node_modules[\\/]/, ONE_REFRESH_RUNTIME] }),
    new rspack.NormalModuleReplacementPlugin(/^react-refresh\/runtime$/, (data) => {
      if (data.contextInfo?.issuer !== ONE_REFRESH_RUNTIME) data.request = ONE_REFRESH_RUNTIME;
    }),
  ];
}

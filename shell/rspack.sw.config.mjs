// The shell's service worker (src/sw/service-worker.ts) as one classic script at dist/sw.js: no Module Federation, no
// HTML, no content hash (its URL is the worker's identity). Built after the app (see package.json "build"), then
// scripts/rspack/inject-sw-manifest.mjs writes the app's precache list into it.
import { join } from 'node:path';

const dir = import.meta.dirname;

export default {
  mode: 'production',
  context: dir,
  entry: { sw: './src/sw/service-worker.ts' },
  target: ['webworker', 'es2022'],
  devtool: false,
  output: { path: join(dir, 'dist'), filename: '[name].js', publicPath: '/', clean: false, iife: true },
  resolve: { extensions: ['.ts', '.mjs', '.js'] },
  module: {
    rules: [
      {
        test: /\.[cm]?ts$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        type: 'javascript/auto',
        options: { jsc: { parser: { syntax: 'typescript' } }, env: { targets: 'chrome >= 100, edge >= 100, firefox >= 100, safari >= 15' } },
      },
    ],
  },
  optimization: { minimize: true, splitChunks: false },
  performance: { hints: false },
  stats: 'errors-warnings',
};

// Writes the precache list into the shell's built service worker (workbox-build injectManifest): the scripts and
// styles THIS build emitted (dist/.release-assets.json; the previous release's files kept beside them for open tabs
// are not precached), each with a revision, so a new build makes a new sw.js and the browser installs it.
// index.html is not precached: pages go to the network first (see shell/src/sw/service-worker.ts).
// Usage: node scripts/rspack/inject-sw-manifest.mjs <dist>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { injectManifest } from 'workbox-build';

const dist = process.argv[2] ?? 'dist';
const release = JSON.parse(readFileSync(join(dist, '.release-assets.json'), 'utf8'));
const files = release.filter((f) => /\.(js|css|svg|woff2?)$/.test(f) && f !== 'sw.js');
if (files.length === 0) throw new Error(`${dist}/.release-assets.json lists no scripts: build the shell first`);

const { count, size, warnings } = await injectManifest({
  swSrc: join(dist, 'sw.js'),
  swDest: join(dist, 'sw.js'),
  globDirectory: dist,
  globPatterns: files,
  // Content-hashed names ([name].[contenthash:10].js) need no revision of their own.
  dontCacheBustURLsMatching: /\.[0-9a-f]{10}\.(js|css)$/,
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
});
for (const w of warnings) console.warn(`inject-sw-manifest: ${w}`);
console.log(`service worker: ${count} files precached (${(size / 1024).toFixed(0)} KB)`);

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One script a first visit to the till loads, and its gzipped size. */
export interface InitialScript {
  app: 'shell' | 'mfe-pos';
  file: string;
  gzipBytes: number;
}

/** The gzipped size of a built file: its precompressed .gz as served when there is one, else gzipped here. */
function gzipSize(path: string): number {
  if (existsSync(`${path}.gz`)) return readFileSync(`${path}.gz`).length;
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/**
 * The JavaScript a first visit to /pos loads before the till can draw, read from the production builds in `root`:
 * - the shell: every script its index.html loads or preloads (`<script src>`, `<link rel="preload" as="script">`);
 * - the till: mfe-pos's remoteEntry.js and the synchronous assets of its `./App` expose (mf-manifest.json). Its
 *   asynchronous chunks load later, on demand, and shared libraries come from the shell, so neither counts.
 * A build that is missing or not shaped like this throws: no answer is better than a wrong small one.
 */
export function initialTillScripts(root: string): InitialScript[] {
  const shellDist = join(root, 'shell', 'dist');
  const posDist = join(root, 'mfe-pos', 'dist');
  for (const need of [join(shellDist, 'index.html'), join(posDist, 'mf-manifest.json')]) {
    if (!existsSync(need)) throw new Error(`${need} is missing: build the front-ends first (npm run build)`);
  }
  const html = readFileSync(join(shellDist, 'index.html'), 'utf8');
  const shellFiles = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /\bsrc="/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="preload"/.test(tag) && /\bas="script"/.test(tag);
    if (!isScript && !isPreload) continue;
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (url && !/^https?:/.test(url)) shellFiles.add(url.replace(/^\//, ''));
  }
  if (shellFiles.size === 0) throw new Error(`${join(shellDist, 'index.html')} loads no script`);

  const manifest = JSON.parse(readFileSync(join(posDist, 'mf-manifest.json'), 'utf8')) as {
    metaData: { remoteEntry: { name: string; path: string } };
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const app = manifest.exposes.find((e) => e.name === 'App');
  if (!app) throw new Error('mfe-pos/dist/mf-manifest.json exposes no App');
  const entry = join(manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name);
  const tillFiles = [entry, ...app.assets.js.sync];

  return [
    ...[...shellFiles].map((file) => ({ app: 'shell' as const, file, gzipBytes: gzipSize(join(shellDist, file)) })),
    ...tillFiles.map((file) => ({ app: 'mfe-pos' as const, file, gzipBytes: gzipSize(join(posDist, file)) })),
  ];
}

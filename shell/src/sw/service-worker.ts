// The service worker (built by shell/rspack.sw.config.mjs into dist/sw.js; its precache list is injected after the
// build by scripts/rspack/inject-sw-manifest.mjs). It lets a till that loaded once start again with no network:
//
// - the shell's own content-hashed files are precached, versioned by this build (a new shell build is a new sw.js,
//   which installs, takes over at once and drops the old precache);
// - pages, /remotes.json, every remote's mf-manifest.json and remoteEntry.js go to the network first and fall back to
//   the last copy only when the network fails, so a deploy (of the shell or of one remote alone) is seen at once and
//   a stale remoteEntry.js is never served while the server answers;
// - a remote's other files have content-hashed names: cache first. Whenever a fresh till manifest arrives, every file
//   it lists is fetched into that cache, so parts of the till not opened yet (the offline queue, modals) work offline;
// - the till's data (config, products, accounts, reasons) network first, kept per signed-in token.
import { cacheNames, clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CLAIM_MESSAGE } from './messages';

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEventLike extends ExtendableEventLike {
  data: unknown;
}
interface ServiceWorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEventLike) => void): void;
}
declare const self: ServiceWorkerScope;

const PAGES = 'kassa-pages';
const ENTRIES = 'kassa-remote-entries';
const CHUNKS = 'kassa-remote-chunks';
const DATA = 'kassa-till-data';
/** The till remote: the one part that must work offline (the others are for admins and members online). */
const TILL = 'mfe_pos';
const TILL_DATA = new Set(['/api/config/', '/api/products/', '/api/accounts/', '/api/checkout/reasons/']);

const origin = self.location.origin;
const pageKey = new URL('/', origin).href;

void self.skipWaiting();
clientsClaim();
// A page still loading when this worker activated was not taken over then; it asks once it runs (register-service-worker.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === CLAIM_MESSAGE) event.waitUntil(self.clients.claim());
});
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** A manifest's files, as URLs: its remote entry and the JavaScript and CSS of every expose and shared module. */
function manifestFiles(manifestUrl: string, manifest: unknown): string[] {
  const m = manifest as {
    metaData?: { remoteEntry?: { name?: string; path?: string } };
    exposes?: { assets?: Assets }[];
    shared?: { assets?: Assets }[];
  };
  type Assets = { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } };
  const files = new Set<string>();
  const entry = m.metaData?.remoteEntry;
  if (entry?.name) files.add([entry.path, entry.name].filter(Boolean).join('/'));
  for (const part of [...(m.exposes ?? []), ...(m.shared ?? [])]) {
    const a = part.assets;
    for (const list of [a?.js?.sync, a?.js?.async, a?.css?.sync, a?.css?.async]) for (const f of list ?? []) files.add(f);
  }
  return [...files].map((f) => new URL(f, manifestUrl).href);
}

/** Fetches every file of the till's manifest into the caches (what is there already is not fetched again). */
async function warmManifest(manifestUrl: string, manifest: unknown): Promise<void> {
  const chunks = await caches.open(CHUNKS);
  const entries = await caches.open(ENTRIES);
  await Promise.all(
    manifestFiles(manifestUrl, manifest).map(async (url) => {
      const isEntry = url.endsWith('/remoteEntry.js');
      if (!isEntry && (await chunks.match(url))) return;
      // A remote on another origin: its scripts are loaded by <script> tags (no-cors), and cached the same way.
      const res = await fetch(url, { cache: 'no-cache', mode: new URL(url).origin === origin ? 'same-origin' : 'no-cors' });
      if (res.ok || res.type === 'opaque') await (isEntry ? entries : chunks).put(url, res);
    }),
  );
}

/** The till's manifest URL from the remotes map (the gateway's /remotes/mfe-pos/ or a remote's own origin). */
function tillManifestUrl(map: unknown): string | null {
  const url = (map as Record<string, unknown>)[TILL];
  return typeof url === 'string' ? new URL(url, origin).href : null;
}

const isManifest = (url: URL) => url.pathname.endsWith('/mf-manifest.json');
const isEntry = (url: URL) => url.pathname === '/remotes.json' || isManifest(url) || url.pathname.endsWith('/remoteEntry.js');
/** Remote files: under the gateway's /remotes/, or content-hashed scripts and styles of a remote on its own origin. */
const isRemoteChunk = (url: URL) =>
  url.origin === origin ? url.pathname.startsWith('/remotes/') : /\.[0-9a-f]{10}\.(js|css)$/.test(url.pathname);

// Installing: the shell page, the remotes map and the whole till, so the first visit is enough to work offline.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const pages = await caches.open(PAGES);
        const page = await fetch(pageKey, { cache: 'no-cache' });
        if (page.ok) await pages.put(pageKey, page);
        const mapRes = await fetch(new URL('/remotes.json', origin).href, { cache: 'no-cache' });
        if (!mapRes.ok) return;
        await (await caches.open(ENTRIES)).put(mapRes.url, mapRes.clone());
        const manifestUrl = tillManifestUrl(await mapRes.json());
        if (!manifestUrl) return;
        const manifestRes = await fetch(manifestUrl, { cache: 'no-cache' });
        if (!manifestRes.ok) return;
        await (await caches.open(ENTRIES)).put(manifestUrl, manifestRes.clone());
        await warmManifest(manifestUrl, await manifestRes.json());
      } catch {
        // Offline while installing: the caches fill as the till is used.
      }
    })(),
  );
});

// Pages: every client-side route is the same shell page, kept under one key.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/remotes/'),
  new NetworkFirst({ cacheName: PAGES, plugins: [{ cacheKeyWillBeUsed: async () => pageKey }] }),
);

// The remotes map, manifests and remote entries: always the network's copy while it answers.
registerRoute(
  ({ url }) => isEntry(url),
  new NetworkFirst({
    cacheName: ENTRIES,
    plugins: [
      {
        // A new till manifest (a deploy): fetch its files now, while the network is there.
        cacheDidUpdate: async ({ request, newResponse }) => {
          if (!isManifest(new URL(request.url))) return;
          try {
            const map = await (await caches.open(ENTRIES)).match(new URL('/remotes.json', origin).href);
            if (!map || tillManifestUrl(await map.json()) !== request.url) return;
            await warmManifest(request.url, await newResponse.clone().json());
          } catch {
            // Best effort: what the till loads is cached as it loads anyway.
          }
        },
      },
    ],
  }),
);

// Remote chunks: content-hashed names, so a cached copy is always the right one.
registerRoute(
  ({ url }) => isRemoteChunk(url),
  new CacheFirst({
    cacheName: CHUNKS,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

/** The token's hash in the cache key: one user's cached data is never handed to another (or to no one) offline. */
async function tokenKey(request: Request): Promise<string> {
  const auth = request.headers.get('authorization') ?? '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth));
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const url = new URL(request.url);
  url.searchParams.set('kassa-token', hex);
  return url.href;
}

registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === origin && TILL_DATA.has(url.pathname),
  new NetworkFirst({ cacheName: DATA, plugins: [{ cacheKeyWillBeUsed: async ({ request }) => tokenKey(request) }] }),
);

// Caches of older workers that this one no longer uses (precache versions are cleaned by workbox itself).
self.addEventListener('activate', (event) => {
  const keep = new Set([PAGES, ENTRIES, CHUNKS, DATA, cacheNames.precache, cacheNames.runtime]);
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith('kassa-') && !keep.has(n)).map((n) => caches.delete(n)))));
});

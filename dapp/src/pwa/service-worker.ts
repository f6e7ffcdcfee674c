/**
 * Gavel's service worker, built into /sw.js by dapp/build/service-worker.ts (which prepends GAVEL_BUILD: this
 * build's version and the files of its app shell) and registered by the production build only (register.ts).
 *
 * - The app shell (index.html, the offline page, the icons, the scripts and styles every page and the bidders'
 *   pages load) is cached at install, in a cache named after the build; the next deploy's worker caches its own
 *   and deletes every older one once it takes over. Hashed files are served from the cache first (a hashed name
 *   never changes content); one not in the shell is cached the first time it is fetched.
 * - Nothing else is ever cached: api replies, the live streams, chain reads, uploaded images, and every page
 *   itself go to the network. Prices, bids, carts and payments are never shown from an old copy.
 * - A page that cannot load offline shows the offline page, except the auctions list, which opens from the
 *   cached shell (its frame and skeletons; the lots come when the connection does).
 * - A push (api/src/notifications/push.ts) is shown as a notification; a click opens its lot in Gavel.
 */
import type { PushPayload } from '@gavel/domain';

// The worker's own types, kept here: the dapp's TypeScript program has the DOM's, not a worker's.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

declare const GAVEL_BUILD: { version: string; precache: string[] };
const worker = self as unknown as WorkerScope;

const CACHE_PREFIX = 'gavel-shell-';
const CACHE = `${CACHE_PREFIX}${GAVEL_BUILD.version}`;
const APP_SHELL = '/index.html';
const OFFLINE_PAGE = '/offline.html';
/** Pages that open from the cached shell when offline: the auctions list (start_url) and the home page. */
const SHELL_PAGES = new Set(['/', '/auctions']);
/** Never answered from a cache, nor cached: the api, its live streams, chain reads, uploads, payments, the cart. */
const NETWORK_ONLY = ['/api/', '/events', '/rpc', '/ipfs/', '/payment', '/cart', '/dev/'];
const PRECACHED = new Set(GAVEL_BUILD.precache);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `no-cache`: the shell's unhashed files (index.html, the offline page) as the server has them now.
      await cache.addAll(GAVEL_BUILD.precache.map((path) => new Request(path, { cache: 'no-cache' })));
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request, url));
    return;
  }
  if (NETWORK_ONLY.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (PRECACHED.has(url.pathname) || url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request, url));
});

/** A page from the network, always; offline, the shell for the auctions list and the offline page for the rest. */
async function page(request: Request, url: URL): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const cache = await caches.open(CACHE);
    const shell = SHELL_PAGES.has(url.pathname) ? await cache.match(APP_SHELL) : undefined;
    return shell ?? (await cache.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

async function cacheFirst(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(url.pathname, { ignoreVary: true, ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  // Only a hashed file, whole: its name changes with its content, so the copy can never be stale.
  if (response.ok && response.status === 200 && url.pathname.startsWith('/assets/')) await cache.put(url.pathname, response.clone());
  return response;
}

worker.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) return;
  event.waitUntil(
    worker.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

function readPayload(event: PushEvent): PushPayload | null {
  try {
    const payload = event.data?.json() as Partial<PushPayload> | undefined;
    if (typeof payload?.title !== 'string' || typeof payload.body !== 'string') return null;
    return { kind: payload.kind ?? 'outbid', title: payload.title, body: payload.body, tag: payload.tag ?? 'gavel', url: sameSitePath(payload.url) };
  } catch {
    return null;
  }
}

/** Only a path on this site: a push never opens another site, whatever it says. */
function sameSitePath(path: unknown): string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(sameSitePath((event.notification.data as { url?: unknown } | null)?.url), worker.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target) ?? windows[0];
      if (!open) return void (await worker.clients.openWindow(target));
      const focused = await open.focus();
      if (focused.url !== target) await focused.navigate(target);
    })(),
  );
});

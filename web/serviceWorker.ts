/**
 * The page's service worker: installed, it keeps the files of this build (the
 * page, its JS and CSS, the workers' scripts, the .wasm and the move-pruning
 * machines' .bin files) in Cache Storage,
 * and it answers the page's and its workers' requests for them from there
 * first, so that the page loads and solves with no network at all (the
 * pattern-database tables live in IndexedDB already). The build writes the
 * list of files and a version taken from their contents into this script
 * (serviceWorkerPlugin.ts): a new build is a new script, hence a new cache,
 * and the caches of older builds in this scope are deleted when it takes over.
 * Every other request goes to the network untouched.
 */

// The few Service Worker types used here: the page's tsconfig has the DOM's, not the WebWorker library's.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;
/** Written in by the build: a version from the files' contents, and the files, relative to this script. */
const build = JSON.parse('__PUZZLESEARCH_BUILD__') as { version: string; files: string[] };
/** One cache a build and scope: two copies of the page on one origin keep their own. */
const prefix = `puzzlesearch-page ${scope.registration.scope} `;
const cacheName = `${prefix}${build.version}`;
/** './' as well as index.html: a visit asks for the folder. */
const kept = new Set(['./', ...build.files].map((file) => new URL(file, location.href).href));

scope.addEventListener('install', (event) => {
  // A new build takes over at once rather than when every tab of the old one is closed.
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll([...kept]))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  const stale = async () => {
    for (const name of await caches.keys()) if (name.startsWith(prefix) && name !== cacheName) await caches.delete(name);
  };
  // Claimed: the page that installed it works offline without a reload first.
  event.waitUntil(stale().then(() => scope.clients.claim()));
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // A visit with a query or a fragment is still the page.
  if (request.mode === 'navigate') url.search = '';
  url.hash = '';
  if (!kept.has(url.href)) return;
  event.respondWith(
    caches
      .open(cacheName)
      .then((cache) => cache.match(url.href))
      .then((hit) => hit ?? fetch(request)),
  );
});

/**
 * Outside: the page keeps working offline once it has been loaded. A
 * production build registers the service worker the build writes next to
 * index.html (web/serviceWorker.ts), which keeps the page's files in this
 * browser; the dev server has none (its files change as they are edited).
 * body[data-offline="ready"] says when the service worker serves the page.
 */
export function keepForOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  const controlled = () => {
    if (workers.controller) document.body.dataset.offline = 'ready';
  };
  workers.addEventListener('controllerchange', controlled);
  controlled();
  // Next to index.html: see web/serviceWorkerPlugin.ts.
  workers.register('./sw.js').catch((error: Error) => console.warn(`puzzlesearch: this page will not work offline (${error.message})`));
}

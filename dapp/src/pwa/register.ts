/**
 * The service worker (service-worker.ts, built to /sw.js) is registered by the production build only: the
 * development server's files change on every save, and a worker caching them would serve yesterday's code.
 * It is registered after the page has loaded, so its install never competes with the first render for the network.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// The site's service worker: it makes the site an installable web app and shows an offline page when the network is
// gone. Pages always come from the network first (a merchant's maintenance switch must show at once); hashed build
// assets, which never change under their name, come from the cache first. API calls are never cached.
const VERSION = 'tala-v2';
const SHELL = ['/offline.htm', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];
const OFFLINE = '/offline.htm';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== VERSION).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

const apiPrefixes = [
  '/wps/',
  '/lgw/',
  '/admin-api/',
  '/vendor-api/',
  '/api-docs',
  '/admin/',
  '/games/',
  '/healthz',
];

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (apiPrefixes.some((prefix) => url.pathname.startsWith(prefix))) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          // The last good page is kept so a reload without network still opens the app shell.
          if (response.ok) {
            const copy = response.clone();
            caches.open(VERSION).then((cache) => cache.put('/index', copy));
          }
          return response;
        })
        .catch(async () => (await caches.match('/index')) ?? (await caches.match(OFFLINE))),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(VERSION).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }

  if (SHELL.includes(url.pathname))
    event.respondWith(fetch(request).catch(async () => (await caches.match(request)) ?? Response.error()));
});

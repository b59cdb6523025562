// guoxiang's service worker (served as /sw.js, scope /). It keeps the app shell (the page and
// this build's hashed script, style sheet and message catalogues — all three languages, so
// that switching language works offline too) so that a second visit opens at once and the app
// still opens when the server cannot be reached. build.mjs fills in ASSETS and VERSION.
// Assets: cache first (their names change with their content). Pages: the network first, the
// cached shell when the network fails (the app then routes in the browser and says it is
// offline). The API and the WebSocket are never touched.
const VERSION = "{{version}}";
const ASSETS = {{assets}};
const CACHE = "guoxiang-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(["/", ...ASSETS]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("guoxiang-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  if (req.mode === "navigate") {
    event.respondWith(
      fetch(req)
        .then((resp) => {
          if (resp.ok && url.pathname === "/") {
            const copy = resp.clone();
            void caches.open(CACHE).then((c) => c.put("/", copy));
          }
          return resp;
        })
        .catch(() => caches.match("/").then((r) => r ?? Response.error())),
    );
  } else if (url.pathname.startsWith("/assets/") || url.pathname === "/manifest.webmanifest") {
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ??
          fetch(req).then((resp) => {
            if (resp.ok) {
              const copy = resp.clone();
              void caches.open(CACHE).then((c) => c.put(req, copy));
            }
            return resp;
          }),
      ),
    );
  }
});

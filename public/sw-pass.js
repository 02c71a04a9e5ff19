// Runs before Workbox's own fetch handler in the offline app's service worker
// (vite.config.ts, workbox.importScripts). Socket.IO's long polls, the
// backend's REST calls and every other origin's requests go to the network
// untouched: nothing here is ever cached, and at 2,000 packets/s the polls
// come 140–180 times a second, each of which would otherwise run Workbox's
// routing only to be passed on (bench/RESULTS.md, issue 57). Not calling
// respondWith and stopping the event lets the browser fetch it itself.
const ownOrigin = self.location.origin + "/";
self.addEventListener("fetch", (event) => {
  const url = event.request.url;
  if (!url.startsWith(ownOrigin)) return event.stopImmediatePropagation();
  const path = url.slice(ownOrigin.length - 1);
  if (path.startsWith("/socket.io/") || path.startsWith("/api/")) event.stopImmediatePropagation();
});

import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";

// The installable, offline app (issue 63): vite-plugin-pwa builds a Workbox
// service worker that precaches everything the build emits (the shell, every
// panel's chunk, the workers, Blueprint's icons), so a reload at the track
// with no network still opens the app. Map tiles are not cached: the map
// shows the track without them, as it does with no network today.
// A new build waits until the user chooses to update (src/shell/offline/).
const offlineApp = VitePWA({
  registerType: "prompt",
  // Registered by the app itself (src/shell/offline/appUpdate.ts), so it can
  // say when an update is ready and flush the recording before taking it.
  injectRegister: false,
  includeAssets: ["favicon.svg", "icons/*.png"],
  manifest: {
    name: "Helios Telemetry",
    short_name: "Helios",
    description: "Live telemetry dashboard for the Helios solar car",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#1c2127",
    theme_color: "#1c2127",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  },
  workbox: {
    // Source maps stay on the network: only the debugger wants them.
    globPatterns: ["**/*.{js,css,html,svg,png,woff,woff2,webmanifest}"],
    // The largest chunks (the app, the core workers) are about 0.65 MB.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // Every tab's address (/plots, /battery, …) opens the app shell offline.
    navigateFallback: "/index.html",
    navigateFallbackDenylist: [/^\/socket\.io/, /^\/api\//],
    cleanupOutdatedCaches: true,
    // The first visit's page is claimed too: when an update is taken, every
    // window of the app is controlled by it, so every window reloads together
    // and no old tab writes on beside a new one.
    clientsClaim: true,
    // The backend's polls and REST calls skip Workbox's routing (public/sw-pass.js).
    importScripts: ["/sw-pass.js"],
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  // The build and `npm run preview` load offline after one visit (offlineApp, above);
  // `npm start` (development) and the unit tests run without a service worker.
  plugins: [react(), ...(process.env.VITEST ? [] : [offlineApp])],
  // When this build was made (Diagnostics → "App version"): after an update,
  // the user sees which version runs.
  define: { __HELIOS_BUILT_AT__: JSON.stringify(Date.now()) },
  // The telemetry worker is an ES module worker (it imports zod, socket.io-client).
  worker: { format: "es" },
  build: {
    target: "es2022",
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
  server: { port: 5173 },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    // Every core: vitest's default leaves one to its own process, which on a
    // two-core CI machine ran the 220 files one at a time (342 s; 195 s on two).
    maxWorkers: availableParallelism(),
  },
});

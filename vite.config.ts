import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
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

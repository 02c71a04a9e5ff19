// What the benchmarks share to start: the machine's description and, for the
// browser ones, the built app served by `vite preview` on a free port and
// Debian's Chromium with the tests' flags.
import { cpus } from "node:os";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "@playwright/test";
import { preview } from "vite";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium";

/** "2 cores, AMD EPYC …": how every benchmark's machine line starts. */
export function coresText(): string {
  return `${cpus().length} cores, ${cpus()[0]?.model.trim() ?? "unknown CPU"}`;
}

interface BuiltApp {
  url: string;
  close(): Promise<void>;
}

/** The built app (`outDir`) on a free port of 127.0.0.1. */
export async function serveBuiltApp(outDir: string): Promise<BuiltApp> {
  const server = await preview({
    logLevel: "silent",
    build: { outDir },
    preview: { host: "127.0.0.1", port: 0 },
  });
  const port = (server.httpServer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.httpServer.close(() => resolve())),
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

// The offline app's service worker hands the backend's traffic straight to
// the network (public/sw-pass.js, run before Workbox's fetch handler): the
// long polls and REST calls skip Workbox's routing, while the app's own files
// still reach it and so still load offline.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

const ORIGIN = "https://helios.example:4173";
type FetchListener = (event: {
  request: { url: string };
  stopImmediatePropagation(): void;
}) => void;

function passedOn(url: string): boolean {
  const listeners: FetchListener[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: FetchListener) => {
      if (type === "fetch") listeners.push(listener);
    },
  };
  runInNewContext(readFileSync("public/sw-pass.js", "utf8"), { self });
  expect(listeners).toHaveLength(1);
  let stopped = false;
  listeners[0]!({ request: { url }, stopImmediatePropagation: () => void (stopped = true) });
  return stopped;
}

describe("the service worker's pass to the network", () => {
  it("passes the backend's polls, REST calls and other origins on", () => {
    expect(passedOn(`${ORIGIN}/socket.io/?EIO=4&transport=polling&t=abc`)).toBe(true);
    expect(passedOn(`${ORIGIN}/api/laps`)).toBe(true);
    expect(passedOn("http://127.0.0.1:3001/socket.io/?EIO=4&transport=polling")).toBe(true);
    expect(passedOn("https://tile.openstreetmap.org/15/1/2.png")).toBe(true);
  });
  it("leaves the app's own files to Workbox, so they load offline", () => {
    expect(passedOn(`${ORIGIN}/`)).toBe(false);
    expect(passedOn(`${ORIGIN}/plots`)).toBe(false);
    expect(passedOn(`${ORIGIN}/assets/index-abc123.js`)).toBe(false);
    expect(passedOn(`${ORIGIN}/socket.io.svg`)).toBe(false);
  });
});

// The backend link's transport by default, against the feed server speaking
// each generation (issue 58 item 3): 2026-06 completes the WebSocket upgrade,
// 2026-01 answers 101 and then 400. The link ends on a WebSocket where it
// can, falls back to long-polling where it cannot, remembers that for the
// backend, and carries every packet once either way.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConnectionState } from "../../workers/contract/connection";
import { FeedServer, type FeedServerOptions } from "../../feed-server/FeedServer";
import { NetworkSource } from "../../workers/telemetry/sources/NetworkSource";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { freePort } from "../freePort";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const waitFor = <T>(check: () => T, timeout = 10_000) =>
  vi.waitFor(check, { timeout, interval: 50 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function feed(options: FeedServerOptions) {
  const server = await FeedServer.start({ port: await freePort(), host: "127.0.0.1", ...options });
  cleanup.push(() => server.stop());
  // Every WebSocket the server was asked for (each one is an upgrade tried).
  const upgrades = { tried: 0 };
  server.io.httpServer.on("upgrade", () => upgrades.tried++);
  return { server, upgrades };
}

/** The link with its default options, recording each packet's TimeStamp and the link facts. */
function link(url: string) {
  const times: number[] = [];
  const state: Partial<ConnectionState> = {};
  const sink: SourceSink = {
    packet: (raw) => void times.push((raw as { TimeStamp: number }).TimeStamp),
    connection: (patch) => void Object.assign(state, patch),
    latency: () => undefined,
    notify: () => undefined,
    lapData: () => undefined,
    lapCoords: () => undefined,
    raceInfo: () => undefined,
  };
  const source = new NetworkSource(sink, { url });
  cleanup.push(() => source.stop());
  source.start();
  return { source, times, state };
}

/** What the server's side of each client's link uses now. */
const serverTransports = (server: FeedServer) =>
  [...server.io.of("/").sockets.values()].map((socket) => socket.conn.transport.name);

/**
 * The packets the link handed over are exactly those the feed sent from the
 * first one it received on: none lost, none doubled, in order.
 */
async function expectEveryPacketOnce(server: FeedServer, times: number[]) {
  await sleep(1500); // packets flow meanwhile, through the upgrade or its failure
  server.pause();
  const sent = server.sentLog.map((entry) => entry.time);
  await waitFor(() => expect(times.at(-1)).toBe(sent.at(-1)));
  const first = sent.indexOf(times[0]!);
  expect(first).toBeGreaterThanOrEqual(0);
  expect(times).toEqual(sent.slice(first));
  expect(times.length).toBeGreaterThan(200);
}

describe("the backend link's transport by default", () => {
  it("ends on a WebSocket against 2026-06, with every packet once", async () => {
    const { server, upgrades } = await feed({ generation: "2026-06", rate: 200 });
    const { times, state } = link(server.url);
    await waitFor(() => expect(state).toMatchObject({ socketConnected: true }));
    await waitFor(() => expect(state.transport).toBe("websocket"));
    // The server switches when the client's "upgrade" packet reaches it.
    await waitFor(() => expect(serverTransports(server)).toEqual(["websocket"]));
    expect(state.upgradeFallback).toBeNull();
    expect(upgrades.tried).toBe(1);
    await expectEveryPacketOnce(server, times);
  });

  it("falls back to long-polling against 2026-01 (101, then 400), with every packet once", async () => {
    const { server, upgrades } = await feed({ generation: "2026-01", rate: 200 });
    const { times, state } = link(server.url);
    // The upgrade is tried, and fails, as the link opens (before Socket.IO's "connect").
    await waitFor(() => expect(state.upgradeFallback).not.toBeNull());
    await waitFor(() => expect(state).toMatchObject({ socketConnected: true }));
    expect(upgrades.tried).toBe(1);
    expect(state.upgradeFallback!.reason).toBe("websocket error");
    expect(state.transport).toBe("polling");
    await expectEveryPacketOnce(server, times);
    expect(serverTransports(server)).toEqual(["polling"]);
  });

  it("remembers the fallback for that backend: no upgrade again until the switch asks", async () => {
    const failing = await feed({ generation: "2026-01", rate: 50 });
    const working = await feed({ generation: "2026-06", rate: 50 });
    const { source, state } = link(failing.server.url);
    await waitFor(() => expect(state.upgradeFallback).not.toBeNull());
    await waitFor(() => expect(state.socketConnected).toBe(true));
    const failedAt = state.upgradeFallback!.at;

    // The backend drops the link; Socket.IO reconnects with a new engine, on long-polling.
    for (const socket of failing.server.io.of("/").sockets.values()) socket.conn.close();
    await waitFor(() => expect(state.socketConnected).toBe(false));
    await waitFor(() => expect(state.socketConnected).toBe(true));
    await sleep(500);
    expect(state).toMatchObject({ transport: "polling", upgradeFallback: { at: failedAt } });

    // Another backend upgrades; coming back to this one does not try again.
    source.setUrl(working.server.url);
    await waitFor(() => expect(state.transport).toBe("websocket"));
    expect(state.upgradeFallback).toBeNull();
    source.setUrl(failing.server.url);
    await waitFor(() => expect(state.socketConnected).toBe(true));
    await sleep(500);
    expect(state).toMatchObject({ transport: "polling", upgradeFallback: { at: failedAt } });
    expect(failing.upgrades.tried).toBe(1);

    // The switch turned off and on asks for the upgrade again: tried once more.
    source.setUpgrade(false);
    source.setUpgrade(true);
    await waitFor(() => expect(failing.upgrades.tried).toBe(2));
    await waitFor(() => expect(state.upgradeFallback!.at).toBeGreaterThan(failedAt));
  });

  it("is what the core dials with when no setting says otherwise, and its snapshot says so", async () => {
    const { server } = await feed({ generation: "2026-01", rate: 50 });
    const service = new TelemetryService();
    service.start({ backendUrl: server.url }, () => {});
    cleanup.push(() => service.stop());
    expect(service.sharedSettings().webSocketUpgrade).toBe(true);
    const connection = () => service.snapshot(0).connection;
    await waitFor(() => expect(connection().upgradeFallback).not.toBeNull());
    await waitFor(() => expect(connection().socketConnected).toBe(true));
    expect(connection().transport).toBe("polling");
  });
});

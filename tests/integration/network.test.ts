// The service against a real feed server on 127.0.0.1: what a user sees when
// the dashboard talks to a backend over Socket.IO.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WorkerConfig } from "../../workers/contract/config";
import type { ConnectionState } from "../../workers/contract/connection";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { DEFAULT_LAP_COORDS } from "../../workers/shared/trackCoords";
import { FeedServer, type FeedServerOptions } from "../../feed-server/FeedServer";
import { io } from "socket.io-client";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function feed(options: FeedServerOptions): Promise<FeedServer> {
  const server = await FeedServer.start({ port: 0, host: "127.0.0.1", ...options });
  cleanup.push(() => server.stop());
  return server;
}

function connect(url: string, config: Partial<WorkerConfig> = {}) {
  const service = new TelemetryService();
  const events: WorkerEvent[] = [];
  const start = { backendUrl: url, pingIntervalMs: 300, ...config };
  service.start(start, (batch) => void events.push(...batch));
  cleanup.push(() => service.stop());
  const connection = (): ConnectionState => service.snapshot(0).connection;
  const accepted = () => service.snapshot(0).counters.accepted;
  // Link state is in snapshots only: record it as the UI's poll would see it.
  const states: ConnectionState[] = [];
  const poll = setInterval(() => states.push(connection()), 20);
  cleanup.push(() => clearInterval(poll));
  return { service, events, connection, accepted, states };
}

const waitFor = <T>(check: () => T, timeout = 10_000) =>
  vi.waitFor(check, { timeout, interval: 50 });

describe("NETWORK against the feed server", () => {
  it("switches from DEMO to NETWORK and shows the backend's packets, latency and finish line", async () => {
    const server = await feed({ rate: 50 });
    const { service, events, connection, accepted } = connect(server.url);
    expect(connection().connectionType).toBe("DEMO");

    await waitFor(() => expect(connection().socketConnected).toBe(true));
    expect(connection().connectionType).toBe("NETWORK");
    const first = accepted();
    await waitFor(() => expect(accepted()).toBeGreaterThan(first + 20));
    expect(service.snapshot(0).changed["Title"]).toBe("Helios");

    await waitFor(() => expect(connection().carLatency).toEqual(expect.any(Number)));
    await waitFor(() => expect(connection().userLatency).toEqual(expect.any(Number)));
    expect(connection().userLatency).toBeLessThan(1000);
    await waitFor(() =>
      expect(events).toContainEqual({ type: "lapCoords", coords: DEFAULT_LAP_COORDS }),
    );
  });

  it("loads past laps with GET /laps, then appends live laps with a notification", async () => {
    const server = await feed({ rate: 50, speedup: 100, seededLaps: 2 });
    const { events } = connect(server.url);
    const lapTables = () =>
      events.flatMap((e) => (e.type === "laps" && !e.result.error ? [e.result.laps] : []));
    // The app starts in DEMO (no fetch there); the backend taking over lists its laps.
    await waitFor(() => expect(lapTables().find((laps) => laps.length > 0)).toHaveLength(2));
    await waitFor(() => expect(lapTables().at(-1)!.length).toBeGreaterThanOrEqual(3), 15_000);
    expect(events).toContainEqual({ type: "notification", kind: "lapComplete" });
    const lap = lapTables().at(-1)!.at(-1)!;
    expect(lap.distance).toBeGreaterThan(4);
    expect(lap.distance).toBeLessThan(5);
    expect(new Date(lap.endMs).getFullYear()).toBe(new Date().getFullYear());
    expect(lap.simulated).toBe(false);
  });

  it("follows the car dropping out and coming back", async () => {
    const server = await feed({ rate: 20, carDropout: 1.2 });
    const { events, connection, states } = connect(server.url);
    // Issue 34: the car link rule's alert is the "Connection Lost" toast, not doubled by it.
    const lost = () =>
      events.flatMap((e) =>
        e.type === "alerts" ? e.started.filter((a) => a.ruleId === "car-link-lost") : [],
      );
    await waitFor(() => expect(lost().map((a) => a.message)).toContain("Car has disconnected!"));
    expect(events).not.toContainEqual({ type: "notification", kind: "carDisconnect" });
    await waitFor(() =>
      expect(events).toContainEqual({ type: "notification", kind: "carConnect" }),
    );
    await waitFor(() => expect(connection().mqttConnected).toBe(true));
    expect(
      states.some(
        (c) => c.mqttConnected === false && c.socketConnected && c.carLink === "disconnected",
      ),
    ).toBe(true);
    expect(connection().carLink).toBe("connected");
  });

  // Issue 7: the car was shown "disconnected" for minutes while packets flowed,
  // because the app assumed it until the backend's next carConnect.
  it("shows the car link as unknown before any car event, and up while the backend's packets arrive", async () => {
    const server = await feed({ rate: 20 });
    server.pause();
    const { connection } = connect(server.url);
    await waitFor(() => expect(connection().socketConnected).toBe(true));
    expect(connection().mqttConnected).toBeNull();
    expect(connection().carLink).toBe("unknown");
    expect(connection().liveDataFlowing).toBe(false);
    expect(connection().lastLivePacketAt).toBeNull();

    server.resume();
    await waitFor(() => expect(connection().carLink).toBe("connected"));
    expect(connection().liveDataFlowing).toBe(true);
    expect(Date.now() - connection().lastLivePacketAt!).toBeLessThan(2000);
    expect(connection().mqttConnected).toBeNull(); // the backend has still said nothing

    server.pause(); // as the real backend: no packets from a car that dropped out
    server.io.emit("carDisconnect", { message: "Car has disconnected" });
    await waitFor(() => expect(connection().carLink).toBe("disconnected"));
    server.resume(); // packets newer than the carDisconnect prove the car is back
    await waitFor(() => expect(connection().carLink).toBe("connected"));
  });

  // Issue 7, defect 4: −5, 1e308 and 10^12 ms were shown in the status bar.
  it("keeps implausible latencies off the screen and counts them as rejected events", async () => {
    const server = await feed({ rate: 20 });
    const { service, connection } = connect(server.url);
    await waitFor(() => expect(connection().carLatency).toEqual(expect.any(Number)));
    const shown = connection().carLatency;
    for (const bad of [-5, 1e308, 10 ** 12, "12", null]) server.io.emit("carLatency", bad);
    await waitFor(() => expect(service.snapshot(0).counters.rejectedEvents).toBe(5));
    expect(connection().carLatency).toBe(shown);
    const reasons = service.snapshot(0).counters.recentRejections.map((r) => r.reason);
    expect(reasons).toContain("carLatency: -5 ms is outside the plausible 0..60000 ms");
    expect(reasons).toContain("carLatency: 1e+308 ms is outside the plausible 0..60000 ms");
    server.io.emit("carLatency", 60_000);
    await waitFor(() => expect(connection().carLatency).toBe(60_000));
  });

  it("reconnects after the server restarts and keeps the history across the gap", async () => {
    const first = await feed({ rate: 50 });
    const port = first.port;
    const { service, connection, accepted } = connect(first.url);
    await waitFor(() => expect(accepted()).toBeGreaterThan(30));
    const oldestBefore = service.series(seriesRequest()).data[0]![0]!;

    await first.stop();
    await waitFor(() => expect(connection().socketConnected).toBe(false));
    const atGap = accepted();
    expect(connection().connectionType).toBe("NETWORK"); // still NETWORK, waiting to reconnect

    await feed({ rate: 50, port });
    await waitFor(() => expect(connection().socketConnected).toBe(true), 15_000);
    await waitFor(() => expect(accepted()).toBeGreaterThan(atGap + 30));
    const time = service.series(seriesRequest()).data[0]!;
    expect(time[0]).toBe(oldestBefore); // old data still there
    expect(time[time.length - 1]!).toBeGreaterThan(oldestBefore);
  });

  it("counts malformed packets as rejected and keeps the good ones", async () => {
    const server = await feed({ rate: 200, malformed: 0.2, seed: 4 });
    const { service } = connect(server.url);
    await waitFor(() => expect(service.snapshot(0).counters.accepted).toBeGreaterThan(300));
    const { accepted, rejected, recentRejections } = service.snapshot(0).counters;
    const share = rejected / (accepted + rejected);
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.3);
    expect(recentRejections.length).toBeGreaterThan(0);
    expect(recentRejections.every((r) => r.source === "NETWORK")).toBe(true);
    expect(service.snapshot(0).changed["Title"]).toBe("Helios");
  });

  it("moves to a new backend address when the URL changes", async () => {
    // A short heartbeat: if the old link's "close" is lost under load, the old
    // server still lets it go within seconds (Socket.IO's default is 45 s).
    const a = await feed({ rate: 20, heartbeatMs: 1000 });
    const b = await feed({ rate: 20, heartbeatMs: 1000 });
    const { service, connection } = connect(a.url);
    await waitFor(() => expect(a.clients).toBe(1));
    service.setBackendUrl(b.url);
    await waitFor(() => expect(b.clients).toBe(1));
    await waitFor(() => expect(a.clients).toBe(0));
    await waitFor(() => expect(connection().socketConnected).toBe(true)); // the client hears "connect" after the server
  });
});

describe("the backend link's transport", () => {
  /** The transports the feed server's side of each client's link uses now. */
  const serverTransports = (server: FeedServer) =>
    [...server.io.of("/").sockets.values()].map((socket) => socket.conn.transport.name);

  it("stays on HTTP long-polling with the upgrade off and stores every packet the backend sent", async () => {
    const server = await feed({
      generation: "2026-06", // a backend that would upgrade
      rate: 1000,
      encodeOncePerTick: true,
      wallClockTimestamps: true,
      startPaused: true,
    });
    const { connection, accepted } = connect(server.url, { webSocketUpgrade: false });
    await waitFor(() => expect(connection().socketConnected).toBe(true));
    expect(connection().transport).toBe("polling");
    server.resume();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    server.pause();
    // Socket.IO would have upgraded within a few round trips; it must not.
    expect(connection().transport).toBe("polling");
    expect(serverTransports(server)).toEqual(["polling"]);
    expect(server.sent).toBeGreaterThan(1000);
    await waitFor(() => expect(accepted()).toBe(server.sent));
  });

  it("upgrades to a WebSocket when the setting allows it, and back to polling when it is off", async () => {
    const server = await feed({ rate: 50, generation: "2026-06" });
    const { service, connection, accepted } = connect(server.url, { webSocketUpgrade: false });
    await waitFor(() => expect(connection().transport).toBe("polling"));

    service.setWebSocketUpgrade(true);
    await waitFor(() => expect(connection().transport).toBe("websocket"));
    await waitFor(() => expect(serverTransports(server)).toEqual(["websocket"]));
    const before = accepted();
    await waitFor(() => expect(accepted()).toBeGreaterThan(before + 10));

    service.setWebSocketUpgrade(false);
    await waitFor(() => expect(serverTransports(server)).toEqual(["polling"]));
    expect(connection()).toMatchObject({ socketConnected: true, transport: "polling" });
    const after = accepted();
    await waitFor(() => expect(accepted()).toBeGreaterThan(after + 10));
  });

  it("starts upgraded when the saved setting says so, and says no transport while down", async () => {
    const server = await feed({ rate: 50, generation: "2026-06" });
    const service = new TelemetryService();
    service.start({ backendUrl: server.url, webSocketUpgrade: true }, () => {});
    cleanup.push(() => service.stop());
    const connection = () => service.snapshot(0).connection;
    await waitFor(() => expect(connection().transport).toBe("websocket"));
    await server.stop();
    await waitFor(() =>
      expect(connection()).toMatchObject({ socketConnected: false, transport: null }),
    );
  });
});

describe("feed server protocol details", () => {
  it("serves GET /laps in the backend's body shape", async () => {
    const server = await feed({ rate: 1, seededLaps: 3 });
    const response = await fetch(`${server.url}/laps`);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await response.json()) as { data: unknown[]; message: string; uptime: string };
    expect(body.data).toHaveLength(3);
    expect(body.message).toBe("OK");
    expect(body.uptime).toMatch(/^\d+(\.\d+)? seconds$/);
  });

  it("moves the finish line only with the password (2026-06 acknowledges)", async () => {
    const server = await feed({ rate: 1, password: "sun", generation: "2026-06" });
    const client = io(server.url, { transports: ["websocket"] });
    cleanup.push(() => void client.close());
    const set = (payload: object) =>
      new Promise<unknown>((resolve) => client.emit("setLapCoords", payload, resolve));
    expect(await set({ lat: "37", long: "-86", password: "nope" })).toHaveProperty("error");
    expect(await set({ lat: "north", long: "-86", password: "sun" })).toMatchObject({
      invalidFields: ["lat"],
    });
    expect(await set({ lat: "37.01", long: "-86.4", password: "sun" })).toEqual({
      lat: 37.01,
      long: -86.4,
    });
  });

  it("drops connections periodically and the dashboard comes back each time", async () => {
    const server = await feed({ rate: 50, disconnectEvery: 1 });
    const { states, accepted } = connect(server.url);
    const socketStates = () => states.map((c) => c.socketConnected);
    await waitFor(
      () =>
        expect(
          socketStates().filter((up, i, all) => up && all[i - 1] === false).length,
        ).toBeGreaterThanOrEqual(2),
      15_000,
    );
    const before = accepted();
    await waitFor(() => expect(accepted()).toBeGreaterThan(before + 10));
  });
});

function seriesRequest() {
  return {
    fields: ["Battery.PackVoltage"],
    from: null,
    to: null,
    points: 100_000,
    units: "metric" as const,
  };
}

// Issue 58 item 2: "Connection Restored — Car has reconnected!" is for a car
// that comes back after the backend said it was lost, not for its first
// connection (the 2026-06 server sends carConnect then too). The socket is a
// stand-in whose server events the test fires by hand.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationKind } from "../../workers/contract/telemetryApi";
import { NetworkSource } from "../../workers/telemetry/sources/NetworkSource";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";

const server = vi.hoisted(() => ({
  /** The handlers of the socket made last, by event name. */
  handlers: new Map<string, (payload?: unknown) => void>(),
}));

vi.mock("socket.io-client", () => ({
  io: () => ({
    io: { on: () => undefined },
    on: (event: string, handler: (payload?: unknown) => void) =>
      void server.handlers.set(event, handler),
    connect: () => undefined,
    connected: false,
    active: false,
    removeAllListeners: () => undefined,
    disconnect: () => undefined,
  }),
}));

function network() {
  const toasts: NotificationKind[] = [];
  const carFlags: (boolean | null | undefined)[] = [];
  const sink: SourceSink = {
    packet: () => undefined,
    connection: (patch) => {
      if ("mqttConnected" in patch) carFlags.push(patch.mqttConnected);
    },
    latency: () => undefined,
    notify: (kind) => void toasts.push(kind),
    lapData: () => undefined,
    lapCoords: () => undefined,
    raceInfo: () => undefined,
  };
  const source = new NetworkSource(sink, { url: "http://backend:3001" });
  source.start();
  const car = (event: "carConnect" | "carDisconnect") =>
    server.handlers.get(event)!({ message: "" });
  return { source, toasts, carFlags, car };
}

describe("the car's connection toasts", () => {
  beforeEach(() => server.handlers.clear());

  it("the first carConnect shows no 'Connection Restored': nothing was lost before it", () => {
    const { toasts, carFlags, car } = network();
    car("carConnect");
    expect(toasts).toEqual([]);
    expect(carFlags).toEqual([true]); // the car link still reads "connected"
  });

  it("a car that comes back after a carDisconnect is restored, once", () => {
    const { toasts, car } = network();
    car("carConnect");
    car("carDisconnect");
    car("carConnect");
    car("carConnect"); // said again with no loss between: nothing came back
    expect(toasts).toEqual(["carDisconnect", "carConnect"]);
  });

  it("a car lost before the backend address changed is not 'restored' by the new backend", () => {
    const { source, toasts, car } = network();
    car("carDisconnect");
    source.setUrl("http://other-backend:3001");
    car("carConnect");
    expect(toasts).toEqual(["carDisconnect"]);
  });
});

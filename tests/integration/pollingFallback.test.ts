// The backend link against a real feed server when engine.io lacks the
// internals the reader transport builds on: the link falls back to engine.io's
// stock polling, still carries packets, and the connection state says why.
import { Fetch } from "engine.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConnectionState } from "../../workers/contract/connection";
import { FeedServer } from "../../feed-server/FeedServer";
import { NetworkSource } from "../../workers/telemetry/sources/NetworkSource";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../../workers/telemetry/features";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** engine.io's Fetch as a version without _poll would ship it; counts the polls it is asked for. */
const polls = { count: 0 };
class WithoutPoll extends Fetch {
  override doPoll(): void {
    polls.count++;
    super.doPoll();
  }
}
Object.defineProperty(WithoutPoll.prototype, "_poll", { value: undefined });

async function link(pollingBase?: typeof Fetch) {
  const server = await FeedServer.start({ port: 0, host: "127.0.0.1", rate: 50 });
  cleanup.push(() => server.stop());
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 256 });
  const state: Partial<ConnectionState> = {};
  const sink: SourceSink = {
    packet: (raw) => void store.ingest(raw, "NETWORK"),
    connection: (patch) => void Object.assign(state, patch),
    latency: () => undefined,
    notify: () => undefined,
    lapData: () => undefined,
    lapCoords: () => undefined,
    raceInfo: () => undefined,
  };
  const source = new NetworkSource(sink, { url: server.url, pollingBase });
  cleanup.push(() => source.stop());
  source.start();
  await vi.waitFor(() => expect(store.counters().accepted).toBeGreaterThanOrEqual(20), {
    timeout: 10_000,
    interval: 50,
  });
  return { store, state };
}

describe("the backend link and the engine.io internals", () => {
  it("falls back to engine.io's stock polling when they are missing, and says which", async () => {
    polls.count = 0;
    const { store, state } = await link(WithoutPoll);
    expect(store.counters().rejected).toBe(0);
    expect(state).toMatchObject({ socketConnected: true, transport: "polling" });
    expect(state.pollReading).toEqual({ by: "engine.io stock polling", missing: ["_poll"] });
    expect(polls.count).toBe(0); // the reader transport was never used
  });

  it("reads through the reader transport when they are there (on this thread in Node)", async () => {
    const { store, state } = await link();
    expect(store.counters().rejected).toBe(0);
    expect(state.pollReading).toEqual({ by: "telemetry worker" });
  });
});

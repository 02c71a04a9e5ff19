// Another backend generation is one entry in the generation table, and every
// edge where wire packets enter then reads it: the network source (against a
// real Socket.IO server), the backend replay and CSV import. The generation is
// hypothetical (PROTOCOL.md's pending motor rename, MotorTemperature →
// MotorTemp) and built here only: it is not shipped.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BackendGeneration } from "../../workers/contract/laps";
import { importCsv } from "../../workers/telemetry/csv/importCsv";
import { initialConnection } from "../../workers/telemetry/service/config";
import { walkPacketsBetween } from "../../workers/telemetry/replay/backendPlayback";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { GenerationTable } from "../../workers/telemetry/schema/generationTable";
import {
  BACKEND_GENERATIONS,
  type GenerationEntry,
} from "../../workers/telemetry/schema/generations";
import { NetworkSource } from "../../workers/telemetry/sources/NetworkSource";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { exportText, storeOf } from "../unit/csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

const MOTOR_RENAME: GenerationEntry = {
  name: "2027-01" as BackendGeneration, // hypothetical: the contract does not know it
  recognisedBy: "MotorDetails0.MotorTemp",
  renames: {
    ...BACKEND_GENERATIONS.at(-1)!.renames, // it keeps 2026-06's spelling
    "MotorDetails0.MotorTemp": "MotorDetails0.MotorTemperature",
    "MotorDetails1.MotorTemp": "MotorDetails1.MotorTemperature",
  },
};
/** The real table plus that one entry. */
const WITH_NEXT = new GenerationTable([...BACKEND_GENERATIONS, MOTOR_RENAME]);

const T0 = 1_795_000_000;

/** Packet `i` as the hypothetical backend sends it. */
function nextWire(i: number): Record<string, Record<string, unknown>> {
  const packet = defaultPacket();
  packet.TimeStamp = T0 + i;
  packet.MotorDetails0.MotorTemperature = 40 + i;
  const wire = WITH_NEXT.toWire(packet, MOTOR_RENAME.name) as unknown as Record<
    string,
    Record<string, unknown>
  >;
  expect(wire.MotorDetails0).toHaveProperty("MotorTemp", 40 + i);
  expect(wire.MotorDetails0).not.toHaveProperty("MotorTemperature");
  expect(wire.B3).toHaveProperty("HeadlightsSwitchInput");
  return wire;
}

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A Socket.IO server on 127.0.0.1 that sends each client three packets of the new generation. */
async function nextGenerationServer(): Promise<string> {
  const http = createServer();
  const io = new Server(http);
  io.on("connection", (socket) => {
    for (let i = 0; i < 3; i++) socket.emit("packet", nextWire(i));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  cleanup.push(() => new Promise<void>((resolve) => io.close(() => resolve())));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

function storingSink(store: TelemetryStore) {
  const evidence: string[] = [];
  const sink: SourceSink = {
    packet: (raw) => void store.ingest(raw, "NETWORK"),
    connection: () => undefined,
    generation: (generation, kind, what) => void evidence.push(`${kind}: ${what} (${generation})`),
    latency: () => undefined,
    notify: () => undefined,
    lapData: () => undefined,
    lapCoords: () => undefined,
    raceInfo: () => undefined,
  };
  return { sink, evidence };
}

async function receive(url: string, generations?: GenerationTable) {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
  const { sink, evidence } = storingSink(store);
  const source = new NetworkSource(sink, { url, generations });
  cleanup.push(() => source.stop());
  source.start();
  await vi.waitFor(() => expect(store.counters().accepted + store.counters().rejected).toBe(3), {
    timeout: 10_000,
    interval: 50,
  });
  return { store, evidence };
}

describe("a hypothetical next generation, added as one table entry", () => {
  it("the network source accepts its packets and names the generation", async () => {
    const url = await nextGenerationServer();
    const { store, evidence } = await receive(url, WITH_NEXT);
    expect(store.counters()).toMatchObject({ accepted: 3, rejected: 0 });
    const { changed } = store.snapshot(0, initialConnection());
    expect(changed["MotorDetails0.MotorTemperature"]).toBe(42);
    expect(evidence).toContain("packet: MotorDetails0.MotorTemp (2027-01)");
  });

  it("without the entry, the network source's packets are rejected, naming the internal field", async () => {
    const url = await nextGenerationServer();
    const { store } = await receive(url);
    expect(store.counters()).toMatchObject({ accepted: 0, rejected: 3 });
    expect(store.counters().recentRejections[0]?.reason).toContain(
      "MotorDetails0.MotorTemperature",
    );
  });

  it("the backend replay accepts its packets", async () => {
    const answer = { data: [0, 1, 2].map(nextWire), message: "OK" };
    const replay = async (generations?: GenerationTable) => {
      const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
      await walkPacketsBetween({
        baseUrl: "http://backend",
        from: T0,
        to: T0 + 2,
        generation: "2026-06",
        fetchImpl: async () => Response.json(answer),
        onPackets: (packets) => packets.forEach((p) => store.ingest(p, "REPLAY")),
        generations,
      });
      return store.counters();
    };
    expect(await replay(WITH_NEXT)).toMatchObject({ accepted: 3, rejected: 0 });
    expect(await replay()).toMatchObject({ accepted: 0, rejected: 3 });
  });

  it("CSV import reads a file with its column names", async () => {
    const [header, ...rows] = exportText(storeOf(3)).split("\n");
    const wireHeader = header!
      .replace("B3.HeadightsSwitchInput", "B3.HeadlightsSwitchInput")
      .replace(/MotorDetails([01])\.MotorTemperature\b/g, "MotorDetails$1.MotorTemp");
    expect(wireHeader).toContain("MotorDetails1.MotorTemp");
    const file = [wireHeader, ...rows].join("\n");
    const imported = await importCsv(file, new TelemetryStore({ layout: LAYOUT, capacity: 16 }), {
      generations: WITH_NEXT,
    });
    expect(imported).toMatchObject({ ok: true, rowsImported: 3 });
    const refused = await importCsv(file, new TelemetryStore({ layout: LAYOUT, capacity: 16 }));
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain("MotorDetails0.MotorTemperature");
  });
});

// Shared fixtures for the CSV tests: a store of known packets and a full export.
import type { CsvExportRequest } from "../../workers/contract/csv";
import { CsvExporter, EVERY_FIELD_REQUEST } from "../../workers/telemetry/csv/CsvExporter";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket, NUMERIC_FIELDS } from "../../workers/telemetry/schema/fields";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { LAYOUT } from "../../workers/telemetry/features";

export const T0 = 1_795_000_000; // 2026-11-18T11:06:40Z
export const TIME_FIELD = NUMERIC_FIELDS.indexOf("TimeStamp");

export const EVERYTHING: CsvExportRequest = { ...EVERY_FIELD_REQUEST };

export function packet(i: number, edit?: (p: TelemetryPacket) => void): TelemetryPacket {
  const p = defaultPacket();
  p.TimeStamp = T0 + i * 0.25;
  p.Battery.PackVoltage = 100 + i * 0.1234;
  p.Battery.PackCurrent = -3.5 + i;
  p.MotorDetails0.MotorTemperature = 21.37 + i;
  p.MotorDetails0.VehicleVelocity = 12.5;
  p.B3.BrakeSwitchDigital = i % 2 === 1;
  p.Title = "Helios";
  p.Pi.Rfid = `TAG-${i}`;
  edit?.(p);
  return p;
}

export function storeOf(count: number, edit?: (p: TelemetryPacket, i: number) => void) {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: Math.max(16, count) });
  for (let i = 0; i < count; i++) {
    if (
      !store.ingest(
        packet(i, (p) => edit?.(p, i)),
        "DEMO",
      )
    )
      throw new Error("fixture rejected");
  }
  return store;
}

export function exportText(
  store: TelemetryStore,
  request: Partial<CsvExportRequest> = {},
  chunkRows = 1000,
): string {
  const exporter = new CsvExporter(store.ring, { ...EVERYTHING, ...request }, "DEMO", TIME_FIELD);
  let text = "";
  while (!exporter.done) text += exporter.nextChunk(chunkRows);
  return text;
}

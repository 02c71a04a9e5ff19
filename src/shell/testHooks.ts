// Test-only hooks, installed only with ?e2eHooks=1: lets the browser tests
// raise notifications without a backend, set alert rules in the worker (as
// the rules dialog would) so an alert fires at once, and read the worker's
// alerts without depending on how the UI happens to show them; and keeps each
// user latency reading for the transport benchmark (bench/transports.ts).
import type { AlertRulesResult, AlertsState } from "../../workers/contract/alerts";
import type { CsvImportReport } from "../../workers/contract/csv";
import type { SocketTransport } from "../../workers/contract/connection";
import type { NotificationKind } from "../../workers/contract/telemetryApi";
import type { NoteResult, NotesImported } from "../../workers/contract/notes";
import { windowIdentity } from "../state/windowName";
import { NOTIFICATION_TEXTS } from "../state/notificationQueue";
import { lapsState } from "../state/lapsState";
import { clearPicked, lapCompare, togglePicked } from "../state/lapCompare";
import { redrawComparePlots } from "../ui/lapCompare/comparePlots";
import type { Telemetry } from "../worker-client/hooks";
import { notify } from "./notifications/notificationCenter";

interface HeliosTestHooks {
  notify: (kind: NotificationKind) => void;
  /** Replaces the rules in force, as an import in the rules dialog does. */
  setAlertRules: (file: unknown) => Promise<AlertRulesResult>;
  /** The shown history's active alerts and log, as the worker keeps them. */
  alerts: () => Promise<AlertsState>;
  /** Picks the Laps tab's first `count` laps and these fields for the compare view (bench:laps). */
  pickLapsToCompare: (count: number, fields: string[]) => number;
  /** Redraws every compare plot on screen; ms taken, or null when none is shown (bench:laps). */
  redrawComparePlots: () => number | null;
  /** Every user latency reading since the page started, with the transport it was read over. */
  userLatencies: () => LatencyReading[];
  /** Takes a notes file, as the Notes tab's Import does (bench:notes). */
  importNotes: (text: string, fileName: string) => Promise<NotesImported>;
  /** Makes a note now in this window, as the note dialog does (bench:notes). */
  addNote: (text: string) => Promise<NoteResult>;
  /** Imports a CSV file's text, as the CSV dialog's Import does; its session saved (bench:track). */
  importCsv: (text: string, fileName: string) => Promise<CsvImportReport>;
}

interface LatencyReading {
  /** Wall clock of the ping's answer (ConnectionState.userLatencyAt). */
  at: number;
  ms: number;
  transport: SocketTransport | null;
}

/** Keeps each new reading as the snapshots bring it (one per answered ping). */
function recordUserLatencies(telemetry: Telemetry): LatencyReading[] {
  const readings: LatencyReading[] = [];
  telemetry.live.subscribeStatus(() => {
    const connection = telemetry.live.status?.connection;
    const at = connection?.userLatencyAt ?? null;
    if (!connection || at === null || connection.userLatency === null) return;
    if (readings.at(-1)?.at === at) return;
    readings.push({ at, ms: connection.userLatency, transport: connection.transport });
  });
  return readings;
}

export function installTestHooks(search: string, telemetry: Telemetry): void {
  if (new URLSearchParams(search).get("e2eHooks") !== "1") return;
  const latencies = recordUserLatencies(telemetry);
  const hooks: HeliosTestHooks = {
    notify: (kind) => notify(NOTIFICATION_TEXTS[kind]),
    setAlertRules: (file) => telemetry.client.api.setAlertRules(file),
    alerts: () => telemetry.client.api.alerts(),
    pickLapsToCompare: (count, fields) => {
      clearPicked();
      for (const [i, lap] of lapsState.laps.slice(0, count).entries())
        togglePicked({
          key: { origin: { kind: "shown" }, start: lap.endMs / 1000 - lap.lapTime },
          label: `Lap ${i + 1}`,
          lapTimeS: lap.lapTime,
          counts: true,
        });
      lapCompare.fields = [...fields];
      return lapCompare.picked.length;
    },
    redrawComparePlots,
    userLatencies: () => latencies.slice(),
    importNotes: (text, fileName) =>
      telemetry.client.api.importNotes(text, fileName, windowIdentity.name),
    addNote: (text) =>
      telemetry.client.api.addNote({ from: "now", text, window: windowIdentity.name }),
    importCsv: async (text, fileName) => {
      const report = await telemetry.client.api.importCsv(new Blob([text]), fileName);
      await telemetry.client.api.saveRecording();
      return report;
    },
  };
  (window as Window & { heliosTest?: HeliosTestHooks }).heliosTest = hooks;
}

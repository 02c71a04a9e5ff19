// Several windows, one core (issue 38): the settings the core holds for every
// window reach the others (a "sharedSettings" event, read again by the
// window's handler), an alert is heard in one window only, and replays are
// bounded by MAX_REPLAYS.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { MAX_REPLAYS, type SharedSettingKind } from "../../workers/contract/windows";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { adoptSharedSettings } from "../../src/actions/sharedSettingsTable";
import { appState } from "../../src/state/appState";
import { alertTemplates } from "../../src/state/alertTemplates";
import { sectorLinesState, showsCoreSectorLines } from "../../src/state/sectorLines";
import { sharedSettingsRevision } from "../../src/state/sharedSettingsRevision";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";
import { rule } from "./alertsKit";
import { exportText, storeOf } from "./csv-helpers";

const CONFIG = { connectToBackend: false, historyCapacity: 20_000 };
const rulesFile = (rules: unknown[]) => ({ format: "helios-alert-rules", version: 1, rules });

interface Window {
  service: TelemetryService;
  events: WorkerEvent[];
  /** The window's UI end, as Comlink gives it (every call async). */
  client: TelemetryClient;
}

/** Windows on one core, past what joining tells them (a later window: the core's settings). */
function windows(count: number, core = new TelemetryCore({ demoSeed: 3, flushIntervalMs: 0 })) {
  const list = Array.from({ length: count }, (): Window => {
    const service = new TelemetryService(core);
    const events: WorkerEvent[] = [];
    service.start(CONFIG, (batch) => void events.push(...batch));
    return { service, events, client: { api: service } as unknown as TelemetryClient };
  });
  if (vi.isFakeTimers()) vi.advanceTimersByTime(1);
  for (const w of list) w.events.length = 0;
  return list;
}

function two(): [Window, Window] {
  const [a, b] = windows(2);
  return [a!, b!];
}

/** The kinds a window was told changed, in order. */
const toldChanged = (events: WorkerEvent[]): SharedSettingKind[] =>
  events.flatMap((e) => (e.type === "sharedSettings" ? e.kinds : []));

const stopAll = (list: Window[]) => list.forEach((w) => w.service.stop());

describe("settings shared by every window", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("a source, address, upgrade or recording switch set in A shows in B, and B saves it", async () => {
    const [a, b] = two();
    appState.connectionType = "DEMO";
    a.service.setConnectionType("RADIO");
    a.service.setBackendUrl("http://pit.example:3001");
    a.service.setWebSocketUpgrade(false);
    a.service.setRecording(false);
    vi.advanceTimersByTime(10);
    expect(toldChanged(b.events)).toEqual(["source", "backend", "recording"]);
    expect(toldChanged(a.events)).toEqual([]); // A shows them already

    await adoptSharedSettings(b.client, toldChanged(b.events));
    expect(appState).toMatchObject({
      connectionType: "RADIO",
      backendUrl: "http://pit.example:3001",
      webSocketUpgrade: false,
      recording: false,
    });
    stopAll([a, b]);
  });

  it("a window joining a running core is told to show the core's settings, not its own", async () => {
    const core = new TelemetryCore({ demoSeed: 3, flushIntervalMs: 0 });
    const first = new TelemetryService(core);
    const firstEvents: WorkerEvent[] = [];
    first.start(
      { ...CONFIG, backendUrl: "http://first.example:3001" },
      (batch) => void firstEvents.push(...batch),
    );
    const later = new TelemetryService(core);
    const laterEvents: WorkerEvent[] = [];
    later.start(
      { ...CONFIG, backendUrl: "http://later.example:3001" },
      (batch) => void laterEvents.push(...batch),
    );
    vi.advanceTimersByTime(10);
    expect(toldChanged(firstEvents)).toEqual([]);
    // Every shared setting, the core's and each feature's (the finish line: below).
    expect(toldChanged(laterEvents)).toEqual([
      "source",
      "backend",
      "recording",
      "mathChannels",
      "sectors",
      "strategy",
      "alertRules",
    ]);
    appState.backendUrl = "http://later.example:3001";
    await adoptSharedSettings(
      { api: later } as unknown as TelemetryClient,
      toldChanged(laterEvents),
    );
    expect(appState.backendUrl).toBe("http://first.example:3001");
    first.stop();
    later.stop();
  });

  it("setting what the core holds already tells nobody: no echo", async () => {
    const [a, b] = two();
    await a.service.setSectorLines([{ name: "S1", lat: 36.9, long: -86.4 }]);
    vi.advanceTimersByTime(10);
    a.events.length = 0;
    await b.service.setSectorLines(b.service.sharedSettings().sectorLines);
    await b.service.setStrategySettings(await b.service.strategySettings());
    const { backendUrl, recording, connectionType } = b.service.sharedSettings();
    b.service.setBackendUrl(backendUrl);
    b.service.setRecording(recording);
    b.service.setConnectionType(connectionType);
    await b.service.setAlertRules(rulesFile(b.service.alertRules()));
    b.service.setMathChannels(b.service.mathChannels());
    vi.advanceTimersByTime(10);
    expect(toldChanged(a.events)).toEqual([]);
    stopAll([a, b]);
  });

  it("alert rules set in A: B's toasts use the new words and its open editor reads them again", async () => {
    const [a, b] = two();
    const mine = rule({
      id: "hot-pack",
      subject: "Battery.AverageTemperature",
      condition: { kind: "above", limit: 50 },
      message: "Pack hot in A's words",
    });
    expect((await a.service.setAlertRules(rulesFile([mine]))).ok).toBe(true);
    vi.advanceTimersByTime(10);
    expect(toldChanged(b.events)).toEqual(["alertRules"]);
    expect(b.service.alertRules().map((r) => r.id)).toEqual(["hot-pack"]);

    const revision = sharedSettingsRevision.alertRules;
    await adoptSharedSettings(b.client, ["alertRules"]);
    expect(alertTemplates.byRule).toEqual({ "hot-pack": "Pack hot in A's words" });
    expect(sharedSettingsRevision.alertRules).toBe(revision + 1);
    stopAll([a, b]);
  });

  it("math channels and strategy settings set in A move B's editors", async () => {
    const [a, b] = two();
    const channels = a.service.starterMathChannels().slice(0, 1);
    expect(a.service.setMathChannels(channels).ok).toBe(true);
    const settings = await a.service.strategySettings();
    const saved = await a.service.setStrategySettings({ ...settings, targetSocPct: 25 });
    expect(saved.ok).toBe(true);
    vi.advanceTimersByTime(10);
    expect(toldChanged(b.events)).toEqual(["mathChannels", "strategy"]);
    expect(b.service.mathChannels().map((c) => c.name)).toEqual([channels[0]!.name]);
    expect((await b.service.strategySettings()).targetSocPct).toBe(25);

    const before = { ...sharedSettingsRevision };
    await adoptSharedSettings(b.client, ["mathChannels", "strategy"]);
    expect(sharedSettingsRevision.mathChannels).toBe(before.mathChannels + 1);
    expect(sharedSettingsRevision.strategy).toBe(before.strategy + 1);
    expect(sharedSettingsRevision.alertRules).toBe(before.alertRules);
    stopAll([a, b]);
  });

  it("sector lines set in A cut B's lap table, show in B and are not sent back", async () => {
    const [a, b] = two();
    sectorLinesState.lines = [];
    const lines = [{ name: "Hairpin", lat: 36.9, long: -86.4 }];
    expect(await a.service.setSectorLines(lines)).toEqual({ ok: true });
    vi.advanceTimersByTime(10);
    expect(toldChanged(b.events)).toEqual(["sectors"]);
    expect(b.service.sharedSettings().sectorLines).toEqual(lines);
    expect((await b.service.lapTable()).sectors).toEqual(lines);

    await adoptSharedSettings(b.client, ["sectors"]);
    expect(sectorLinesState.lines).toEqual(lines);
    // The wiring sends no lines the core just gave (showsCoreSectorLines)...
    expect(showsCoreSectorLines()).toBe(true);
    // ...and an edit made here is sent again.
    sectorLinesState.lines[0]!.name = "Turn 1";
    expect(showsCoreSectorLines()).toBe(false);
    // Lines the core refuses change nothing, in no window.
    expect((await b.service.setSectorLines([{ name: "", lat: 0, long: 0 }])).ok).toBe(false);
    expect(a.service.sharedSettings().sectorLines).toEqual(lines);
    stopAll([a, b]);
  });

  it("a window joining later is told the finish line in force, and every window hears it move once", async () => {
    const core = new TelemetryCore({ demoSeed: 3, flushIntervalMs: 0 });
    const [a] = windows(1, core);
    const lines = (w: Window) =>
      w.events.flatMap((e) => (e.type === "lapCoords" ? [e.coords] : []));
    expect((await a!.service.setLapCoords({ lat: "36.9", long: "-86.4", password: "" })).ok).toBe(
      true,
    );
    // B never heard that broadcast: joining, it is told the line (and no other window is).
    const late = new TelemetryService(core);
    const lateEvents: WorkerEvent[] = [];
    late.start(CONFIG, (batch) => void lateEvents.push(...batch));
    vi.advanceTimersByTime(10);
    const b: Window = { service: late, events: lateEvents, client: {} as TelemetryClient };
    expect(lines(b)).toEqual([{ lat: 36.9, long: -86.4 }]);
    expect(lines(a!)).toEqual([{ lat: 36.9, long: -86.4 }]);
    expect(late.snapshot(0).connection.connectionType).toBe("DEMO");

    // The same line set again moves nothing: nobody is told; a new one reaches both.
    await late.setLapCoords({ lat: "36.9", long: "-86.4", password: "" });
    await late.setLapCoords({ lat: "36.95", long: "-86.45", password: "" });
    vi.advanceTimersByTime(10);
    for (const w of [a!, b]) expect(lines(w).at(-1)).toEqual({ lat: 36.95, long: -86.45 });
    expect(lines(a!)).toHaveLength(2);
    expect(lines(b)).toHaveLength(2);
    stopAll([a!, b]);
  });

  it("a window joining later cuts its lap table with the lines already set", async () => {
    const core = new TelemetryCore({ demoSeed: 3, flushIntervalMs: 0 });
    const [a] = windows(1, core);
    const lines = [{ name: "S1", lat: 36.9, long: -86.4 }];
    await a!.service.setSectorLines(lines);
    const [late] = windows(1, core);
    expect((await late!.service.lapTable()).sectors).toEqual(lines);
    stopAll([a!, late!]);
  });
});

describe("an alert is heard once", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const always = (id: string) =>
    rule({ id, subject: "Battery.PackVoltage", condition: { kind: "above", limit: 1 } });
  const announced = (w: Window) =>
    w.events.filter((e) => e.type === "alerts").map((e) => e.type === "alerts" && e.announce);

  it("the earliest window showing live announces; when it leaves the next one does", async () => {
    const [a, b] = two();
    await a.service.setAlertRules(rulesFile([always("first")]));
    vi.advanceTimersByTime(2000);
    expect(announced(a)).toEqual([true]);
    expect(announced(b)).toEqual([false]); // B shows the toast, silently

    a.service.stop();
    await b.service.setAlertRules(rulesFile([always("second")]));
    vi.advanceTimersByTime(2000);
    expect(announced(b)).toEqual([false, true]);
    b.service.stop();
  });

  it("a window that replays hands the announcing to a live one", async () => {
    const [a, b] = two();
    a.service.setPlayback(true);
    await a.service.setAlertRules(rulesFile([always("while-replaying")]));
    vi.advanceTimersByTime(2000);
    expect(announced(a)).toEqual([]); // a replaying window hears no live alerts
    expect(announced(b)).toEqual([true]);
    stopAll([a, b]);
  });
});

describe("replays bounded", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const notices = (w: Window) =>
    w.events.flatMap((e) => (e.type === "sessionNotice" ? [e.message] : []));

  it(`at most ${MAX_REPLAYS} windows replay; the next is told why and nothing changes`, () => {
    const list = windows(MAX_REPLAYS + 1);
    const replaying = list.slice(0, MAX_REPLAYS);
    const next = list[MAX_REPLAYS]!;
    for (const w of replaying) w.service.setPlayback(true);
    vi.advanceTimersByTime(10);

    next.service.setPlayback(true);
    next.service.startReplay({ kind: "range", from: 1000, to: 2000, source: "local" });
    vi.advanceTimersByTime(10);
    expect(next.service.snapshot(0).playback.on).toBe(false);
    expect(next.service.snapshot(0).connection.playback).toBe(false);
    expect(notices(next)).toEqual([
      `${MAX_REPLAYS} windows are replaying already: stop a replay in another window first (each replay holds its own copy of the history in memory).`,
      expect.stringContaining("stop a replay in another window first"),
    ]);
    for (const w of replaying) {
      expect(w.service.snapshot(0).playback.on).toBe(true);
      expect(notices(w)).toEqual([]);
    }

    // A window already replaying may load another replay; once one stops, the next may start.
    replaying[0]!.service.setPlayback(true);
    expect(replaying[0]!.service.snapshot(0).playback.on).toBe(true);
    replaying[1]!.service.setPlayback(false);
    next.service.setPlayback(true);
    expect(next.service.snapshot(0).playback.on).toBe(true);
    stopAll(list);
  });

  it("a CSV import past the bound is refused before anything is read", async () => {
    vi.useRealTimers(); // the import yields to the event loop between pieces
    const list = windows(MAX_REPLAYS + 1);
    for (const w of list.slice(0, MAX_REPLAYS)) w.service.setPlayback(true);
    const next = list[MAX_REPLAYS]!;
    const report = await next.service.importCsv(new Blob([exportText(storeOf(5))]), "run.csv");
    expect(report).toMatchObject({ ok: false, rowsRead: 0, fileName: "run.csv" });
    expect(report.message).toContain("windows are replaying already");
    expect(next.service.snapshot(0).playback.on).toBe(false);
    stopAll(list);
  });
});

// The one table of the settings the core holds for every window
// (src/actions/sharedSettingsTable.ts): every kind the worker's contract
// names has its row, what a user sets survives a reload into the core, a bad
// saved value is ignored with the same words, and another window's change
// shows here without being sent back.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { finishLineSetting, requestFinishLine } from "../../src/actions/finishLineActions";
import { recordingSetting, sourceSetting, upgradeSetting } from "../../src/actions/linkSettings";
import { sectorLinesSetting } from "../../src/actions/sectorLinesActions";
import { restoreSavedSetting, setShared } from "../../src/actions/sharedSetting";
import {
  adoptSharedSettings,
  SHARED_SETTINGS,
  startConfig,
} from "../../src/actions/sharedSettingsTable";
import { appState } from "../../src/state/appState";
import { persistAppState, restoreAppState } from "../../src/state/persistence";
import { sectorLinesState } from "../../src/state/sectorLines";
import { sharedSettingsRevision } from "../../src/state/sharedSettingsRevision";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";
import { MemoryStorage } from "./memoryStorage";

/** The literal kinds of the contract's SharedSettingKind union, read from its source. */
function contractKinds(): string[] {
  const text = readFileSync("workers/contract/windows.ts", "utf8");
  const union = /export type SharedSettingKind =([^;]*);/.exec(text)?.[1] ?? "";
  return [...union.matchAll(/\|\s*"([^"]+)"/g)].map((match) => match[1]!);
}

/** A core that records what it is told and answers as `answers` say. */
function fakeCore(answers: Record<string, unknown> = {}) {
  const calls: [string, unknown][] = [];
  const api = new Proxy(
    {},
    {
      get: (_target, name: string) => (value: unknown) => {
        calls.push([name, value]);
        return Promise.resolve(answers[name]);
      },
    },
  );
  return { client: { api } as unknown as TelemetryClient, calls };
}

const saved = { ...appState };
afterEach(() => Object.assign(appState, saved));

describe("the table of shared settings", () => {
  it("has a row for every kind the worker's contract names, the nine settings", () => {
    const kinds = contractKinds();
    expect(kinds.length).toBeGreaterThanOrEqual(8);
    const covered = new Set(SHARED_SETTINGS.map((row) => row.kind));
    expect(kinds.filter((kind) => !covered.has(kind as never))).toEqual([]);
    expect(SHARED_SETTINGS.map((row) => row.title)).toEqual([
      "Connection type",
      "Backend URL",
      "WebSocket upgrade",
      "Recording",
      "Finish line",
      "Sector lines",
      "Math channels",
      "Alert rules",
      "Strategy",
    ]);
  });

  it("a registered analysis's own setting moves its revision, so its panel reads it again", async () => {
    const { client } = fakeCore();
    await adoptSharedSettings(client, ["feature:tally", "feature:tally"]);
    expect(sharedSettingsRevision.features["tally"]).toBe(2);
  });
});

describe("what a user sets survives a reload into the core", () => {
  it("the source, address, upgrade, recording and finish line start the core after a reload", async () => {
    const storage = new MemoryStorage();
    appState.loading = false;
    const off = persistAppState(storage);
    const { client, calls } = fakeCore({
      setLapCoords: { ok: true, coords: { lat: 36.5, long: -86.25 }, simulated: true },
    });
    await setShared(client, recordingSetting, false);
    await setShared(client, upgradeSetting, true);
    appState.backendUrl = "http://pit.example:3001";
    appState.connectionType = "NETWORK"; // the next snapshot shows the source the core took
    expect((await requestFinishLine(client, "36.5", "-86.25", "pw")).ok).toBe(true);
    await Promise.resolve(); // valtio tells its subscribers after the change
    off();
    expect(calls.map(([name]) => name)).toEqual([
      "setRecording",
      "setWebSocketUpgrade",
      "setLapCoords",
    ]);

    Object.assign(appState, saved); // the reload
    expect(restoreAppState(storage)).toEqual([]);
    expect(startConfig()).toEqual({
      connectionType: "NETWORK",
      backendUrl: "http://pit.example:3001",
      webSocketUpgrade: true,
      recording: false,
      lapCoords: { lat: 36.5, long: -86.25 },
    });
  });

  it("a refused finish line is neither shown nor saved", async () => {
    const refusal = { ok: false, error: "Wrong password", invalidFields: ["password"] };
    const { client } = fakeCore({ setLapCoords: refusal });
    appState.lapCoords = null;
    expect(await setShared(client, finishLineSetting, { lat: "1", long: "2", password: "x" })).toBe(
      refusal,
    );
    expect(appState.lapCoords).toBeNull();
  });

  it("a bad saved value is ignored with the same words, and the core starts with the default", () => {
    const storage = new MemoryStorage();
    storage.setItem("settings", JSON.stringify({ recording: "no", connectionType: "RADIO" }));
    const warnings = restoreAppState(storage);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Some saved settings were invalid or outdated \(.*Recording/);
    expect(startConfig()).toMatchObject({ recording: true, connectionType: "RADIO" });
  });

  it("the saved sector lines go to the core at start; a refusal is told with the core's words", async () => {
    sectorLinesState.lines = [{ name: "Hairpin", lat: 36.9, long: -86.4 }];
    const took = fakeCore({ setSectorLines: { ok: true } });
    const before = sharedSettingsRevision.sectors;
    await restoreSavedSetting(took.client, sectorLinesSetting, () => {});
    expect(took.calls).toEqual([["setSectorLines", [{ name: "Hairpin", lat: 36.9, long: -86.4 }]]]);
    expect(sharedSettingsRevision.sectors).toBe(before + 1); // the lap table is cut anew

    const told: string[] = [];
    const refused = fakeCore({ setSectorLines: { ok: false, message: "Too many lines" } });
    await restoreSavedSetting(refused.client, sectorLinesSetting, (title, problem) =>
      told.push(`${title}: ${problem}`),
    );
    expect(told).toEqual(["Sector lines: Too many lines"]);
  });
});

describe("another window's change", () => {
  it("shows only the settings named, read once from the core, and sends nothing back", async () => {
    appState.connectionType = "DEMO";
    appState.recording = true;
    const { client, calls } = fakeCore({
      sharedSettings: {
        connectionType: "RADIO",
        backendUrl: "http://other.example:3001",
        recording: false,
        webSocketUpgrade: true,
        sectorLines: [],
      },
    });
    await adoptSharedSettings(client, ["backend"]);
    expect(appState).toMatchObject({
      backendUrl: "http://other.example:3001",
      webSocketUpgrade: true,
      connectionType: "DEMO",
      recording: true,
    });
    expect(calls).toEqual([["sharedSettings", undefined]]);
    expect(sourceSetting.kind).toBe("source");
  });
});

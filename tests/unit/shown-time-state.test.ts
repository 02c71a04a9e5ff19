// The page's side of "Show times in" (issue 58 item 6): the user's choice
// and the race's zone (the Strategy settings', as the core holds them) put
// one zone in force for every formatter of the page; saving Strategy
// settings with another zone moves every time shown with it.
import { afterEach, describe, expect, it } from "vitest";
import { applyStrategySettings } from "../../src/actions/strategyActions";
import { appState } from "../../src/state/appState";
import { learnRaceZone, setTimesIn, shownTime, zoneShown } from "../../src/state/shownTime";
import { formatPacketTime } from "../../src/ui/format/statusFormat";
import { formatRaceTime } from "../../src/ui/format/strategyFormat";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";
import { DEFAULT_STRATEGY_SETTINGS } from "../../workers/telemetry/strategy/strategySettings";
import { MemoryStorage } from "./memoryStorage";

const RACE = "America/Chicago";
const COMPUTER = "America/Edmonton";
/** 14:00:09 CST, 13:00:09 MST. */
const T = Date.UTC(2024, 10, 26, 20, 0, 9) / 1000;

const before = { timesIn: appState.timesIn, computerZone: shownTime.computerZone };
afterEach(() => {
  shownTime.computerZone = before.computerZone;
  learnRaceZone(null);
  setTimesIn(before.timesIn);
});

describe("the zone in force on the page", () => {
  it("is the race's when chosen and known, else this computer's", () => {
    expect(zoneShown("race", RACE, COMPUTER)).toBe(RACE);
    expect(zoneShown("race", null, COMPUTER)).toBe(COMPUTER);
    expect(zoneShown("computer", RACE, COMPUTER)).toBe(COMPUTER);
  });

  it("moves the status bar's and the strategy's times together", () => {
    shownTime.computerZone = COMPUTER;
    setTimesIn("race");
    // The race's zone not known yet: this computer's.
    learnRaceZone(null);
    expect(shownTime.zone).toBe(COMPUTER);
    expect(formatPacketTime(T)).toBe("13:00:09 MST");
    learnRaceZone(RACE);
    expect(shownTime.zone).toBe(RACE);
    expect(formatPacketTime(T)).toBe("14:00:09 CST");
    expect(formatRaceTime(T, undefined, true)).toBe("14:00:09 CST");
    setTimesIn("computer");
    expect(appState.timesIn).toBe("computer");
    expect(formatPacketTime(T)).toBe("13:00:09 MST");
    expect(formatRaceTime(T, undefined, true)).toBe("13:00:09 MST");
  });

  it("follows the race's zone when this window saves Strategy settings with another", async () => {
    shownTime.computerZone = COMPUTER;
    setTimesIn("race");
    learnRaceZone(RACE);
    const api = { setStrategySettings: () => Promise.resolve({ ok: true }) };
    const client = { api } as unknown as TelemetryClient;
    const settings = { ...DEFAULT_STRATEGY_SETTINGS, timeZone: "Europe/Berlin" };
    await applyStrategySettings(client, settings, new MemoryStorage());
    expect(shownTime.raceZone).toBe("Europe/Berlin");
    expect(formatPacketTime(T)).toBe("21:00:09 GMT+1");
  });
});

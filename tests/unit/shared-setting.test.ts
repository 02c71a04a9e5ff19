// The start's restore of the settings the core holds for every window: each
// goes once per worker client, after the settings it names (a saved alert
// rule may watch a math channel), whichever caller starts first; a refusal
// is told once. And a change is saved only when the core took it.
import { describe, expect, it } from "vitest";
import {
  restoreSavedSetting,
  savedSettingRestored,
  setThenSave,
  type SharedSettingRow,
} from "../../src/actions/sharedSetting";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";

const client = () => ({}) as TelemetryClient;

function recorded(order: string[]) {
  const setting = (
    title: string,
    problem: string | null,
    after?: SharedSettingRow,
  ): SharedSettingRow => ({
    kind: "mathChannels",
    title,
    adopt: () => {},
    start: {
      after,
      restore: async () => {
        await new Promise((resolve) => setTimeout(resolve, title === "Math channels" ? 20 : 0));
        order.push(title);
        return problem;
      },
    },
  });
  const math = setting("Math channels", "refused");
  const rules = setting("Alert rules", null, math);
  return { math, rules };
}

describe("restoring the saved shared settings at start", () => {
  it("sends the math channels before the alert rules even when the rules start first", async () => {
    const order: string[] = [];
    const { math, rules } = recorded(order);
    const told: string[] = [];
    const tell = (title: string, problem: string) => told.push(`${title}: ${problem}`);
    const owner = client();
    const started = [
      restoreSavedSetting(owner, rules, tell),
      restoreSavedSetting(owner, math, tell),
    ];
    // StrictMode's second effect run: nothing is sent or told again.
    started.push(restoreSavedSetting(owner, rules, tell), restoreSavedSetting(owner, math, tell));
    await Promise.all(started);
    expect(order).toEqual(["Math channels", "Alert rules"]);
    expect(told).toEqual(["Math channels: refused"]);
  });

  it("restores again for a new worker client, and says when one's restore is done", async () => {
    const order: string[] = [];
    const { math } = recorded(order);
    const first = client();
    await restoreSavedSetting(first, math, () => {});
    const second = client();
    let done = false;
    void restoreSavedSetting(second, math, () => {});
    const waiting = savedSettingRestored(second, math).then(() => (done = true));
    expect(done).toBe(false);
    await waiting;
    expect(order).toEqual(["Math channels", "Math channels"]);
  });

  it("a view that asks before the restore started waits for it (children's effects run first)", async () => {
    const order: string[] = [];
    const { math } = recorded(order);
    const owner = client();
    const shown = savedSettingRestored(owner, math).then(() => order.push("form reads"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual([]); // not "form reads" before the saved value is in the core
    void restoreSavedSetting(owner, math, () => {});
    await shown;
    expect(order).toEqual(["Math channels", "form reads"]);
  });
});

describe("setting a shared value", () => {
  const NO_ANSWER = { ok: false as const, message: "no answer" };

  it("saves what the core took, and nothing it refused or never answered", async () => {
    const saved: number[] = [];
    const save = (taken: { ok: true; value: number }) => void saved.push(taken.value);
    type Result = { ok: true; value: number } | { ok: false; message: string };
    const took = await setThenSave<Result>(async () => ({ ok: true, value: 1 }), save, NO_ANSWER);
    const refused = await setThenSave<Result>(
      async () => ({ ok: false, message: "bad" }),
      save,
      NO_ANSWER,
    );
    const silent = await setThenSave<Result>(
      () => Promise.reject(new Error("gone")),
      save,
      NO_ANSWER,
    );
    expect([took.ok, refused, silent]).toEqual([true, { ok: false, message: "bad" }, NO_ANSWER]);
    expect(saved).toEqual([1]);
  });
});

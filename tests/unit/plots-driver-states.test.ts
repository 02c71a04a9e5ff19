// The plot driver's states (src/panels/Plots/driverState.ts): one test per
// transition, then the driver acting on them with a chart, a painter that
// can take a live plot, and the worker's reports.
import { beforeAll, describe, expect, it } from "vitest";
import { liveDriverRig } from "./plotsKit";
import type { SeriesResult } from "../../workers/contract/series";
import {
  DETACHED,
  DRAWING,
  nextState,
  ownerOf,
  type DriverState,
} from "../../src/panels/Plots/driverState";
import type { SeriesPainter } from "../../src/panels/Plots/livePicture";

const handedOver = (intervalMs: number): DriverState => ({ name: "handedOver", intervalMs });
const takingBack: DriverState = { name: "takingBack" };
const all: DriverState[] = [DETACHED, DRAWING, handedOver(60), takingBack];

describe("the plot driver's transitions", () => {
  it("attach: any state draws here on the new chart", () => {
    for (const state of all) expect(nextState(state, { type: "attach" })).toEqual(DRAWING);
  });

  it("detach: any state has nothing to draw on", () => {
    for (const state of all) expect(nextState(state, { type: "detach" })).toEqual(DETACHED);
  });

  it("handOver: a plot drawn here goes to the render worker, which then owns its picture", () => {
    const next = nextState(DRAWING, { type: "handOver", intervalMs: 60 });
    expect(next).toEqual(handedOver(60));
    expect(ownerOf(DRAWING)).toBe("main");
    expect(ownerOf(next)).toBe("render");
  });

  it("handOver again: a plot in the worker's hands takes the new interval", () => {
    expect(nextState(handedOver(60), { type: "handOver", intervalMs: 90 })).toEqual(handedOver(90));
  });

  it("handOver does not apply to a plot detached or being taken back", () => {
    for (const state of [DETACHED, takingBack])
      expect(nextState(state, { type: "handOver", intervalMs: 60 })).toBe(state);
  });

  it("takeBack: a plot in the worker's hands is the main thread's again, waiting for its answer", () => {
    const next = nextState(handedOver(60), { type: "takeBack" });
    expect(next).toEqual(takingBack);
    expect(ownerOf(next)).toBe("main");
    for (const state of [DETACHED, DRAWING])
      expect(nextState(state, { type: "takeBack" })).toBe(state);
  });

  it("answer: a plot taken back draws here again once its answer comes", () => {
    expect(nextState(takingBack, { type: "answer" })).toEqual(DRAWING);
    for (const state of [DETACHED, DRAWING, handedOver(60)])
      expect(nextState(state, { type: "answer" })).toBe(state);
  });
});

beforeAll(() => {
  (globalThis as { devicePixelRatio?: number }).devicePixelRatio = 1;
});

/** A live plot with a fake chart, a series source answered by hand, and a painter that records. */
function setup() {
  const paints: string[] = [];
  const painter: SeriesPainter = {
    full: () => paints.push("full"),
    update: () => paints.push("update"),
    dispose: () => paints.push("dispose"),
    live: () => paints.push("live"),
    still: () => paints.push("still"),
  };
  const { driver, calls, frame, view } = liveDriverRig(painter);
  const answer = (to: number): SeriesResult => ({
    data: [Float64Array.of(to - 1, to), Float64Array.of(1, 2)],
    from: to - 1,
    to,
    bucketSeconds: 0,
    hasGaps: [false],
    units: ["V"],
  });
  return { driver, calls, frame, paints, view, answer };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the plot driver acting on its states", () => {
  async function inWorkerHands() {
    const s = setup();
    s.frame();
    s.calls[0]!.resolve(s.answer(1030));
    await settle();
    s.frame();
    expect(s.driver.handedToWorker).toBe(true);
    return s;
  }

  it("while taking back, keeps the worker's picture until its answer, then draws it", async () => {
    const { driver, calls, frame, paints, view, answer } = await inWorkerHands();
    view.pointerOver = true;
    frame();
    expect(driver.handedToWorker).toBe(false);
    expect(paints.at(-1)).toBe("still");
    const painted = paints.length;
    frame(); // no answer yet: nothing drawn over the worker's newer picture
    expect(paints.length).toBe(painted);
    calls.at(-1)!.resolve(answer(1031));
    await settle();
    frame();
    expect(paints.slice(painted)).toHaveLength(1); // the answer, drawn here
    expect(["full", "update"]).toContain(paints.at(-1));
  });

  it("a detached plot's layer is disposed and nothing more is handed over or asked", async () => {
    const { driver, calls, frame, paints } = await inWorkerHands();
    driver.detach();
    expect(driver.handedToWorker).toBe(false);
    expect(paints.at(-1)).toBe("dispose");
    const asked = calls.length;
    frame();
    expect(calls.length).toBe(asked);
    expect(paints.at(-1)).toBe("dispose");
  });

  it("a hidden page takes a plot back from the worker", async () => {
    const { driver, paints } = await inWorkerHands();
    driver.suspend();
    expect(driver.handedToWorker).toBe(false);
    expect(paints.at(-1)).toBe("still");
  });
});

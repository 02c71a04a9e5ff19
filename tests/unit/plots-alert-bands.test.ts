// Issue 34: alert spans shaded on the plots that show the field. The render
// worker's picture code paints them as translucent bands behind the lines,
// coloured by severity; a live tail's answer brings the window's spans; a
// band that starts or ends repaints the whole plot (it reaches left of the strip).
import { describe, expect, it } from "vitest";
import type { AlertSpan, SeriesResult } from "../../workers/contract/series";
import { SeriesCanvas } from "../../workers/render/SeriesCanvas";
import { ALERT_BAND_FILL, alertBands } from "../../workers/shared/plots/alertBands";
import { mergeTail } from "../../workers/shared/plots/liveWindow";
import { picture, recorder, type Call } from "./paintRecorder";

const named = (calls: Call[], name: string) => calls.filter((c) => c[0] === name);

const span = (severity: AlertSpan["severity"], start: number, end: number | null, column = 1) => ({
  column,
  start,
  end,
  severity,
});

describe("alert bands", () => {
  it("colours by severity, the worst on top, and leaves out hidden series", () => {
    const bands = alertBands(
      [span("critical", 1, 2), span("info", 3, null), span("warning", 4, 5, 2)],
      [true, true, false],
    );
    expect(bands).toEqual([
      { from: 3, to: null, fill: ALERT_BAND_FILL.info },
      { from: 1, to: 2, fill: ALERT_BAND_FILL.critical },
    ]);
    expect(alertBands([], [true, true])).toBeUndefined();
    expect(alertBands(undefined, [true, true])).toBeUndefined();
  });

  it("are painted behind the lines across the plotting area, an active one to the right edge", () => {
    const { ctx, calls } = recorder();
    const layer = new SeriesCanvas();
    layer.moveTo({ ctx, x: 0, y: 0 });
    const bands = alertBands([span("critical", 2, 4), span("warning", 8.5, null)], [true, true]);
    layer.full({ ...picture(0), bands });
    // 10 px a second over a 100 × 50 plotting area.
    expect(named(calls, "fillRect")).toEqual([
      ["fillRect", 85, 0, 15, 50, ALERT_BAND_FILL.warning],
      ["fillRect", 20, 0, 20, 50, ALERT_BAND_FILL.critical],
    ]);
    // Before the lines: the series are drawn after their own clip, with no band over them.
    const order = calls.map((c) => c[0]);
    const seriesClip = order.lastIndexOf("clip");
    expect(order.lastIndexOf("fillRect")).toBeLessThan(seriesClip);
    expect(order.slice(seriesClip)).toContain("lineTo");
  });

  it("a one-packet alert is still a pixel wide", () => {
    const { ctx, calls } = recorder();
    const layer = new SeriesCanvas();
    layer.moveTo({ ctx, x: 0, y: 0 });
    layer.full({ ...picture(0), bands: alertBands([span("info", 5, 5)], [true, true]) });
    expect(named(calls, "fillRect")).toEqual([["fillRect", 50, 0, 1, 50, ALERT_BAND_FILL.info]]);
  });

  it("an update with the same bands redraws the strip; a band that ended repaints whole", () => {
    const { ctx, calls } = recorder();
    const layer = new SeriesCanvas();
    layer.moveTo({ ctx, x: 0, y: 0 });
    const active = alertBands([span("critical", 2, null)], [true, true]);
    layer.full({ ...picture(0), bands: active });
    calls.length = 0;
    layer.update({ ...picture(0), bands: active }, 7);
    expect(named(calls, "clearRect")).toEqual([["clearRect", 69, 0, 31, 70]]);
    expect(named(calls, "fillRect")).toEqual([
      ["fillRect", 69, 0, 31, 50, ALERT_BAND_FILL.critical],
    ]);
    calls.length = 0;
    layer.update({ ...picture(0), bands: alertBands([span("critical", 2, 6)], [true, true]) }, 7);
    expect(named(calls, "clearRect")).toEqual([["clearRect", 0, 0, 100, 70]]);
    expect(named(calls, "fillRect")).toEqual([
      ["fillRect", 20, 0, 40, 50, ALERT_BAND_FILL.critical],
    ]);
  });

  it("a live tail's answer brings the window's spans to the joined window", () => {
    const result = (xs: number[], spans?: AlertSpan[]): SeriesResult => ({
      data: [Float64Array.from(xs), Float64Array.from(xs)],
      from: xs[0]!,
      to: xs[xs.length - 1]!,
      hasGaps: [false],
      units: ["V"],
      bucketSeconds: 1,
      ...(spans ? { alertSpans: spans } : {}),
    });
    const held = result([1, 2, 3], [span("warning", 1, 2)]);
    const joined = mergeTail(
      held,
      result([3, 4], [span("warning", 1, 2), span("critical", 4, null)]),
      3,
      0,
    );
    expect(joined?.alertSpans).toEqual([span("warning", 1, 2), span("critical", 4, null)]);
    expect(mergeTail(held, result([3, 4]), 3, 0)?.alertSpans).toBeUndefined();
  });
});

// A state timeline under the pointer: a tooltip names the row's state, when
// it began and how long it lasted; a click shows that moment on the other
// plots and the map. Read from uPlot's copy of the data, which is current
// while the pointer is over the plot (the page owns its picture then); drawn
// from buckets, the times are read again from every packet (exactRun.ts).
import type uPlot from "uplot";
import type { StateRow } from "../../../workers/contract/renderProtocol";
import { runAt, stateName } from "../../../workers/shared/plots/stateRows";
import { formatTimeNamed } from "../../ui/format/dateTime";
import { formatSpan } from "../../ui/format/historyFormat";
import type { ExactRun, ExactRuns } from "./exactRun";

/** A state found under the pointer. */
export interface PickedState {
  row: StateRow;
  from: number;
  to: number;
  state: number;
}

/**
 * The row at `top` (CSS px from the plotting area's top) and its state at
 * time `t`, or the set flag within `slop` seconds (a one-packet mark is a pixel).
 */
export function stateUnder(
  data: uPlot.AlignedData,
  rows: readonly StateRow[],
  top: number,
  heightPx: number,
  t: number,
  slop = 0,
): PickedState | null {
  if (rows.length === 0 || !(heightPx > 0)) return null;
  const row =
    rows[Math.min(rows.length - 1, Math.max(0, Math.floor((top / heightPx) * rows.length)))]!;
  const ys = data[row.column];
  if (!ys) return null;
  const run = runAt(data[0], ys, row, t, slop);
  return run ? { row, ...run } : null;
}

/** "Motor 0 Error: desaturation fault: set". */
export function stateLabel({ row, state }: PickedState): string {
  return `${row.label}: ${stateName(row, state)}`;
}

/**
 * "Motor 0 Error: desaturation fault: set at 14:02:31 CST, for 0.1 s". Drawn
 * from buckets (a long window), a run's ends are known to a bucket only
 * until its packets are read: then the times are marked "≈".
 */
export function stateText(picked: PickedState, bucketed: boolean): string {
  const about = bucketed ? "≈" : "";
  const text = `${stateLabel(picked)} at ${about}${formatTimeNamed(picked.from)}, for ${about}${lasted(picked)}`;
  return bucketed ? `${text} (zoom in for exact times)` : text;
}

/**
 * A bucketed mark read from its packets: "…: set at 14:02:31 CST, for 0.1 s",
 * or, when the mark covers several runs, "…: set 3 times from 14:02:31 CST, over 4.2 s".
 */
export function exactStateText(picked: PickedState, run: ExactRun): string {
  const when = formatTimeNamed(run.from);
  if (run.times > 1)
    return `${stateLabel(picked)} ${run.times} times from ${when}, over ${lasted(run)}`;
  return `${stateLabel(picked)} at ${when}, for ${lasted(run)}`;
}

function lasted({ from, to }: { from: number; to: number }): string {
  const seconds = to - from;
  return seconds < 10 ? `${seconds.toFixed(1)} s` : formatSpan(seconds);
}

/** How near the pointer must come to a mark to name it (CSS px): a one-packet fault is a pixel wide. */
const POINTER_SLOP_PX = 4;

/** How far the pointer may move between press and release for a click, not a drag (CSS px). */
const CLICK_SLOP_PX = 4;

/**
 * The tooltip and the click of a timeline chart: uPlot hooks to merge into
 * its options. `onPick` is told the state clicked, with its exact times
 * when `exact` can read them.
 */
export function timelineHoverHooks(
  rows: readonly StateRow[],
  onPick: (picked: PickedState) => void,
  exact: ExactRuns | null = null,
): uPlot.Hooks.Arrays {
  let tip: HTMLDivElement | null = null;
  /** The mark the tooltip names now: an exact answer for another is not shown. */
  let named = "";
  const bucketsOf = (u: uPlot): number => Number(u.root.dataset.bucketSeconds ?? 0);
  const show = (text: string) => {
    if (tip && tip.textContent !== text) tip.textContent = text;
  };
  /** Names the mark, exactly once its packets are read (asked the first time). */
  const name = (picked: PickedState, bucketSeconds: number) => {
    named = `${picked.row.label}:${picked.from}:${picked.to}`;
    if (!(bucketSeconds > 0) || !exact) return show(stateText(picked, false));
    const known = exact.known(picked, bucketSeconds);
    if (known) return show(exactStateText(picked, known));
    show(stateText(picked, true));
    if (known === null) return; // could not be read exactly: stays approximate
    const asked = named;
    void exact.ask(picked, bucketSeconds).then((run) => {
      if (run && named === asked && tip && !tip.hidden) show(exactStateText(picked, run));
    });
  };
  /** A click: the state's moment, from its packets when the plot is bucketed. */
  const pick = (u: uPlot, picked: PickedState) => {
    const bucketSeconds = bucketsOf(u);
    if (!(bucketSeconds > 0) || !exact) return onPick(picked);
    void exact
      .ask(picked, bucketSeconds)
      .then((run) => onPick(run ? { ...picked, from: run.from, to: run.to } : picked));
  };
  const under = (u: uPlot, left: number, top: number): PickedState | null => {
    const t = u.posToVal(left, "x");
    const slop = u.posToVal(left + POINTER_SLOP_PX, "x") - t;
    return stateUnder(u.data, rows, top, u.over.clientHeight, t, slop);
  };
  return {
    ready: [
      (u) => {
        tip = document.createElement("div");
        tip.className = "plot-state-tip";
        tip.setAttribute("role", "tooltip");
        tip.hidden = true;
        u.over.append(tip);
        let down: { x: number; y: number } | null = null;
        u.over.addEventListener("mousedown", (e) => (down = { x: e.clientX, y: e.clientY }));
        u.over.addEventListener("click", (e) => {
          const moved = down ? Math.hypot(e.clientX - down.x, e.clientY - down.y) : 0;
          if (moved > CLICK_SLOP_PX) return; // a drag: a zoom or a pan
          const box = u.over.getBoundingClientRect();
          const picked = under(u, e.clientX - box.left, e.clientY - box.top);
          if (picked) pick(u, picked);
        });
      },
    ],
    setCursor: [
      (u) => {
        if (!tip) return;
        const { left, top } = u.cursor;
        const picked = left != null && top != null && left >= 0 ? under(u, left, top) : null;
        tip.hidden = picked === null;
        if (!picked) {
          named = "";
          return;
        }
        name(picked, bucketsOf(u));
        // Beside the pointer, on the side with room.
        const right = left! > u.over.clientWidth / 2;
        tip.style.left = right ? "" : `${left! + 12}px`;
        tip.style.right = right ? `${u.over.clientWidth - left! + 12}px` : "";
        tip.style.top = `${Math.min(top! + 12, u.over.clientHeight - 24)}px`;
      },
    ],
  };
}

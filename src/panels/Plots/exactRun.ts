// A state's exact times under the pointer. A timeline over a long window is
// drawn from buckets, so a run's edges there are known to a bucket only (a
// "Today" bucket is minutes wide). Its true edges lie within a bucket of
// where the buckets put them: the hover and the click ask the worker for the
// raw samples there and read the run again from every packet.
import type { StateRow } from "../../../workers/contract/renderProtocol";
import type { SeriesRequest, SeriesResult } from "../../../workers/contract/series";
import { forEachRun, type StateRun } from "../../../workers/shared/plots/stateRows";

/** A state's run read from every packet. */
export interface ExactRun {
  /** The first packet in the state … */
  from: number;
  /** … and the first after it (or the last in it, before a gap or the newest). */
  to: number;
  /** Separate runs the mark covers (a flag set and cleared twice within a bucket is 2). */
  times: number;
}

/** A window of raw samples: [from, to] in epoch seconds. */
export type Span = [from: number, to: number];

/**
 * Where a bucketed run's true edges lie: a bucket either side of each. One
 * window when those overlap, else one around each edge (a run can last hours).
 */
export function edgeWindows(run: Pick<StateRun, "from" | "to">, bucketSeconds: number): Span[] {
  const b = bucketSeconds;
  if (run.to - run.from <= 2 * b) return [[run.from - b, run.to + b]];
  return [
    [run.from - b, run.from + b],
    [run.to - b, run.to + b],
  ];
}

/** Raw samples: x and the row's column. */
export interface RawSamples {
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
}

/**
 * The run of `state` read from the raw samples of edgeWindows: from the
 * first packet in it in the first window to its last end in the last.
 * Null when the packets there never hold it (the data has changed since).
 */
export function exactRun(
  windows: readonly RawSamples[],
  row: StateRow,
  state: number,
): ExactRun | null {
  const runs = windows.map((w) => {
    const found: StateRun[] = [];
    forEachRun(w.xs, w.ys, row, (from, to, s) => {
      if (s === state) found.push({ from, to, state: s });
    });
    return found;
  });
  const first = runs[0]?.[0];
  const last = runs.at(-1)?.at(-1);
  if (!first || !last) return null;
  // Two windows: the run holds between them (the buckets there saw nothing else).
  const times = windows.length === 1 ? runs[0]!.length : 1;
  return { from: first.from, to: last.to, times };
}

/** Asks the telemetry worker for series (client.api.series). */
export type SeriesAsk = (request: SeriesRequest) => Promise<SeriesResult>;

/**
 * Points asked for an edge window: every sample of up to 4 × this many (a
 * "Today" bucket of 5 min at 10 packets/s is 3,000); more comes back bucketed
 * and the times stay approximate.
 */
const RAW_POINTS = 8192;
/** Runs remembered, so a pointer resting on a mark asks once. */
const KEEP = 200;

/** A picked run on a row of a plot whose columns are `paths`. */
export interface RunPick {
  row: StateRow;
  from: number;
  to: number;
  state: number;
}

/**
 * The exact runs of one timeline's marks, asked of the worker once each.
 * `known` answers at once from what was asked before; `ask` fetches.
 */
export class ExactRuns {
  private readonly answers = new Map<string, Promise<ExactRun | null>>();
  private readonly settled = new Map<string, ExactRun | null>();

  constructor(
    private readonly series: SeriesAsk,
    private readonly paths: readonly string[],
  ) {}

  /** The exact run if it was fetched (null: it could not be read exactly); undefined if not yet. */
  known(pick: RunPick, bucketSeconds: number): ExactRun | null | undefined {
    return this.settled.get(keyOf(pick, bucketSeconds));
  }

  ask(pick: RunPick, bucketSeconds: number): Promise<ExactRun | null> {
    const key = keyOf(pick, bucketSeconds);
    let answer = this.answers.get(key);
    if (!answer) {
      if (this.answers.size >= KEEP) {
        this.answers.clear();
        this.settled.clear();
      }
      answer = this.fetch(pick, bucketSeconds).catch(() => null);
      void answer.then((run) => this.settled.set(key, run));
      this.answers.set(key, answer);
    }
    return answer;
  }

  private async fetch(pick: RunPick, bucketSeconds: number): Promise<ExactRun | null> {
    const path = this.paths[pick.row.column - 1];
    if (!path) return null;
    const results = await Promise.all(
      edgeWindows(pick, bucketSeconds).map(([from, to]) =>
        this.series({ fields: [path], from, to, points: RAW_POINTS, units: "metric" }),
      ),
    );
    // Still bucketed (a very long window's buckets): its times stay approximate.
    if (results.some((r) => r.bucketSeconds > 0)) return null;
    const windows = results.map((r) => ({ xs: r.data[0]!, ys: r.data[1]! }));
    return exactRun(windows, pick.row, pick.state);
  }
}

function keyOf(pick: RunPick, bucketSeconds: number): string {
  return `${pick.row.column}:${pick.row.bit}:${pick.state}:${pick.from}:${pick.to}:${bucketSeconds}`;
}

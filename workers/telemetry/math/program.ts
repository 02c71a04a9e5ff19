// Runs a compiled set of channels over rows. Per row: the TimeStamp is read;
// then, channel by channel in dependency order, its time function calls are
// updated (every row, even inside a branch ?: does not take, so their windows
// see every sample), then its expression writes its column. Tracing only adds
// the counting of each gap's reason.
import { EvaluatorBuilder, GAP_REASONS, type EvalState, type Evaluator } from "./evaluators";
import { childrenOf, type Expr } from "./expr";
import { createTimeFunction, type TimeFunction, type TimeFunctionName } from "./timeFunctions";

export interface ChannelPlan {
  /** Index of the definition. */
  k: number;
  out: number;
  expr: Expr;
}

interface SlotPlan {
  slot: number;
  arg: Evaluator;
  /** The register `arg` writes. */
  reg: number;
  name: TimeFunctionName;
  window: number | undefined;
}

/** A history's state for one program: the time functions' samples and the gap counts. Opaque to callers. */
export class ProgramState implements EvalState {
  why: string | null = null;
  /** The last finite TimeStamp seen; time going below it restarts the time functions. */
  lastTime = NaN;
  readonly slotValues: Float64Array;
  readonly slotWhys: (string | null)[];
  readonly registers: Float64Array;
  readonly counts: Map<string, number>[];

  constructor(
    readonly functions: TimeFunction[],
    channels: number,
    registers: number,
  ) {
    this.registers = new Float64Array(registers);
    this.slotValues = new Float64Array(functions.length).fill(NaN);
    this.slotWhys = functions.map(() => null);
    this.counts = Array.from({ length: channels }, () => new Map<string, number>());
  }
}

function slotsInOrder(expr: Expr, into: SlotPlan[], builder: EvaluatorBuilder): void {
  // Inner calls first: deriv(avg(x, 5)) needs avg's value of this row.
  for (const child of childrenOf(expr)) slotsInOrder(child, into, builder);
  if (expr.kind !== "time") return;
  const { run, reg } = builder.build(expr.arg);
  into.push({ slot: expr.slot, arg: run, reg, name: expr.name, window: expr.window });
}

function count(map: Map<string, number>, why: string): void {
  map.set(why, (map.get(why) ?? 0) + 1);
}

export class ChannelRunner {
  private readonly ks: Int32Array;
  private readonly outs: Int32Array;
  private readonly evaluators: Evaluator[];
  private readonly results: Int32Array;
  private readonly slots: SlotPlan[][];
  private readonly slotSpecs: SlotPlan[] = [];
  private readonly registers: number;

  constructor(
    plans: readonly ChannelPlan[],
    private readonly channels: number,
    slotCount: number,
    private readonly timeIndex: number,
    private readonly trace: boolean,
  ) {
    this.ks = Int32Array.from(plans.map((p) => p.k));
    this.outs = Int32Array.from(plans.map((p) => p.out));
    const builder = new EvaluatorBuilder();
    const built = plans.map((p) => builder.build(p.expr));
    this.evaluators = built.map((b) => b.run);
    this.results = Int32Array.from(built.map((b) => b.reg));
    this.slots = plans.map((p) => {
      const list: SlotPlan[] = [];
      slotsInOrder(p.expr, list, builder);
      return list;
    });
    this.registers = builder.registers;
    for (const list of this.slots) for (const s of list) this.slotSpecs[s.slot] = s;
    if (this.slotSpecs.length !== slotCount)
      throw new Error("ChannelRunner: time function slots out of step");
  }

  createState(): ProgramState {
    return new ProgramState(
      this.slotSpecs.map((s) => createTimeFunction(s.name, s.window)),
      this.channels,
      this.registers,
    );
  }

  reset(state: ProgramState): void {
    state.lastTime = NaN;
    state.why = null;
    state.slotValues.fill(NaN);
    state.slotWhys.fill(null);
    for (const f of state.functions) f.clear();
    for (const map of state.counts) map.clear();
  }

  step(s: ProgramState, row: Float64Array, bits: Uint32Array): void {
    const t = row[this.timeIndex]!;
    const outs = this.outs;
    if (t - t !== 0) {
      // No time: no channel is computed, and the time functions keep their state.
      for (let i = 0; i < outs.length; i++) {
        row[outs[i]!] = NaN;
        if (this.trace) count(s.counts[this.ks[i]!]!, GAP_REASONS.time);
      }
      return;
    }
    if (t < s.lastTime) for (const f of s.functions) f.restart();
    s.lastTime = t;
    for (let i = 0; i < outs.length; i++) {
      const slots = this.slots[i]!;
      for (let j = 0; j < slots.length; j++) {
        const plan = slots[j]!;
        s.why = null;
        plan.arg(row, bits, s);
        const x = s.registers[plan.reg]!;
        const f = s.functions[plan.slot]!;
        f.update(t, x, s.slotValues, plan.slot);
        const v = s.slotValues[plan.slot]!;
        if (v !== v) s.slotWhys[plan.slot] = f.why ?? s.why ?? GAP_REASONS.explicit;
      }
      s.why = null;
      this.evaluators[i]!(row, bits, s);
      const v = s.registers[this.results[i]!]!;
      row[outs[i]!] = v;
      if (this.trace && v !== v) count(s.counts[this.ks[i]!]!, s.why ?? GAP_REASONS.explicit);
    }
  }

  gapReasons(s: ProgramState): Map<string, number>[] {
    return s.counts.map((map) => new Map(map));
  }
}

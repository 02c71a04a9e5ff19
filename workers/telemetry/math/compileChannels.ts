// Compiles a set of math channels into one program the history runs row by
// row: each channel's text is checked and parsed (parseExpression.ts), names
// resolved against the channels and the packet's fields, cycles refused, and
// the channels ordered so a channel reading another runs after it, reading the
// value that one wrote into the same row. See docs/math-channels.md.
import type { ChannelProblem, MathChannelDef } from "../../contract/math";
import { nameProblems } from "./channelNames";
import { childrenOf, type Expr } from "./expr";
import { nearestName } from "./nearestName";
import { parseExpression, type NameResolver, type Resolved } from "./parseExpression";
import { ChannelRunner, type ChannelPlan, type ProgramState } from "./program";

export type { ProgramState } from "./program";

/** What the compiler needs from the history's registry of columns. */
export interface ChannelScope {
  /** Stored numeric column index of a numeric packet field or of a channel (by its name); undefined if none. */
  numberIndex(path: string): number | undefined;
  /** Boolean field index (bits: 32 per Uint32 word, bit = index & 31 of word index >>> 5); undefined if none. */
  booleanIndex(path: string): number | undefined;
  /** Every name an expression may read (packet numeric and boolean fields, channel names), for "did you mean". */
  names(): readonly string[];
  /** A field's human label for messages, e.g. "Pack Current". */
  label(path: string): string | undefined;
  /** Stored numeric index of TimeStamp (epoch seconds, Float64). */
  readonly timeIndex: number;
}

export type CompileResult =
  { ok: true; program: ChannelProgram } | { ok: false; problems: Record<string, ChannelProblem[]> };

export interface ChannelProgram {
  /** Stored numeric indices the program reads from `row` (packet fields incl. TimeStamp; NOT channel outputs). */
  readonly inputs: readonly number[];
  /** Stored numeric indices the program writes: each channel's column, as `out` gave them. */
  readonly outputs: readonly number[];
  /** Per def (same order as given): the names it reads directly. */
  readonly reads: readonly (readonly string[])[];
  /** One per history; its size is set by the time functions' windows, never by the history's length. */
  createState(): ProgramState;
  /** Back to an empty history's state, in place. */
  reset(state: ProgramState): void;
  /** One stored row, oldest first: every channel in dependency order writes row[out[k]] (finite, or NaN = gap). */
  step(state: ProgramState, row: Float64Array, bits: Uint32Array): void;
  /** With options.trace: per def, why rows were gaps since reset, reason text → count. */
  gapReasons(state: ProgramState): Map<string, number>[];
}

interface ChannelInfo {
  k: number;
  index: number;
  label: string;
}

export function compileChannels(
  defs: readonly MathChannelDef[],
  out: readonly number[],
  scope: ChannelScope,
  options?: { trace?: boolean },
): CompileResult {
  if (out.length !== defs.length) throw new Error("compileChannels: one output column per channel");
  const outputs = new Set(out);
  const channels = new Map<string, ChannelInfo>();
  defs.forEach((def, k) => {
    if (typeof def.name === "string" && !channels.has(def.name))
      channels.set(def.name, { k, index: out[k]!, label: def.label ?? def.name });
  });
  const problems = nameProblems(defs, {
    isField: (name) => {
      if (scope.booleanIndex(name) !== undefined) return true;
      const index = scope.numberIndex(name);
      return index !== undefined && !outputs.has(index);
    },
  });
  const resolver = nameResolver(scope, channels);
  const slots = { next: 0 };
  const parsed = defs.map((def, k) => {
    if (typeof def.expression !== "string") return { expr: null, reads: [] as string[] };
    const result = parseExpression(def.expression, resolver, slots);
    problems[k]!.push(...result.problems);
    return result;
  });
  const reads = parsed.map((p) => p.reads);
  const order = dependencyOrder(defs, reads, channels, problems);
  if (problems.some((list) => list.length > 0)) {
    const byName = new Map<string, ChannelProblem[]>();
    defs.forEach((def, k) => {
      if (problems[k]!.length === 0) return;
      const key = typeof def.name === "string" ? def.name : "";
      byName.set(key, [...(byName.get(key) ?? []), ...problems[k]!]);
    });
    // fromEntries defines own properties, so a name like __proto__ cannot touch a prototype.
    return { ok: false, problems: Object.fromEntries(byName) };
  }
  const plans: ChannelPlan[] = order.map((k) => ({ k, out: out[k]!, expr: parsed[k]!.expr! }));
  const inputs = new Set<number>([scope.timeIndex]);
  for (const plan of plans) collectInputs(plan.expr, outputs, inputs);
  const runner = new ChannelRunner(
    plans,
    defs.length,
    slots.next,
    scope.timeIndex,
    options?.trace === true,
  );
  return {
    ok: true,
    program: {
      inputs: [...inputs],
      outputs: [...out],
      reads,
      createState: () => runner.createState(),
      reset: (state) => runner.reset(state),
      step: (state, row, bits) => runner.step(state, row, bits),
      gapReasons: (state) => runner.gapReasons(state),
    },
  };
}

function nameResolver(
  scope: ChannelScope,
  channels: ReadonlyMap<string, ChannelInfo>,
): NameResolver {
  let known: readonly string[] | undefined;
  const labelOf = (name: string): string | undefined =>
    channels.get(name)?.label ?? scope.label(name);
  return {
    resolve(path): Resolved | undefined {
      const channel = channels.get(path);
      if (channel)
        return { kind: "column", index: channel.index, label: channel.label, channel: true };
      const index = scope.numberIndex(path);
      if (index !== undefined)
        return { kind: "column", index, label: scope.label(path) ?? path, channel: false };
      const bit = scope.booleanIndex(path);
      return bit === undefined ? undefined : { kind: "boolean", index: bit };
    },
    unknown(path) {
      known ??= [...new Set([...scope.names(), ...channels.keys()])];
      const near = nearestName(path, known);
      if (near === undefined)
        return `Unknown field ${path}: no field or channel has a similar name.`;
      const label = labelOf(near);
      return `Unknown field ${path}: did you mean ${near}${label && label !== near ? ` (${label})` : ""}?`;
    },
  };
}

/**
 * Channels in an order where each comes after those it reads (Kahn's
 * algorithm). Channels left over are in a cycle, or read one: each gets a
 * problem naming the cycle channel by channel ("A → B → A").
 */
function dependencyOrder(
  defs: readonly MathChannelDef[],
  reads: readonly string[][],
  channels: ReadonlyMap<string, ChannelInfo>,
  problems: ChannelProblem[][],
): number[] {
  const needs = reads.map((names) => [
    ...new Set(names.map((n) => channels.get(n)?.k).filter((k) => k !== undefined)),
  ]);
  const readers = defs.map((): number[] => []);
  const waiting = needs.map((list) => list.length);
  needs.forEach((list, k) => list.forEach((j) => readers[j]!.push(k)));
  const order: number[] = [];
  for (let k = 0; k < defs.length; k++) if (waiting[k] === 0) order.push(k);
  for (let i = 0; i < order.length; i++)
    for (const reader of readers[order[i]!]!) if (--waiting[reader]! === 0) order.push(reader);
  if (order.length === defs.length) return order;
  const done = new Set(order);
  for (let k = 0; k < defs.length; k++) {
    if (done.has(k)) continue;
    const cycle = cycleThrough(k, needs, done);
    if (cycle)
      problems[k]!.push({ message: `Cycle: ${cycle.map((j) => defs[j]!.name).join(" → ")}.` });
    else {
      const blocked = needs[k]!.find((j) => !done.has(j))!;
      problems[k]!.push({
        message: `Reads ${defs[blocked]!.name}, which cannot be computed: it is in a cycle.`,
      });
    }
  }
  return order;
}

/** The shortest path k → … → k along `needs`, or undefined when k is on no cycle. */
function cycleThrough(
  k: number,
  needs: readonly number[][],
  done: ReadonlySet<number>,
): number[] | undefined {
  const from = new Map<number, number>();
  const queue = [k];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i]!;
    for (const next of needs[at]!) {
      if (done.has(next)) continue;
      if (next === k) {
        const path = [k];
        for (let p = at; p !== k; p = from.get(p)!) path.unshift(p);
        path.unshift(k);
        return path;
      }
      if (!from.has(next)) {
        from.set(next, at);
        queue.push(next);
      }
    }
  }
  return undefined;
}

function collectInputs(expr: Expr, outputs: ReadonlySet<number>, into: Set<number>): void {
  if (expr.kind === "column" && !outputs.has(expr.index)) into.add(expr.index);
  for (const child of childrenOf(expr)) collectInputs(child, outputs, into);
}

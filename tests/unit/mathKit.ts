// A small stand-in for the history's column registry, for the math channel
// tests: a few numeric fields (TimeStamp first), two booleans (one in the
// second bit word) and channel columns after them.
import { expect } from "vitest";
import { BOOLEAN_FIELDS, NUMERIC_FIELDS, fieldInfo } from "../../workers/telemetry/schema/fields";
import type { ChannelProblem, MathChannelDef } from "../../workers/contract/math";
import {
  compileChannels,
  type ChannelProgram,
  type ChannelScope,
  type CompileResult,
} from "../../workers/telemetry/math/compileChannels";

export const NUMBERS: readonly [string, string][] = [
  ["TimeStamp", "Packet Time"],
  ["Battery.PackCurrent", "Pack Current"],
  ["Battery.PackVoltage", "Pack Voltage"],
  ["MotorDetails0.VehicleVelocity", "Vehicle Velocity"],
  ["X", "X Value"],
  ["Y", "Y Value"],
];
export const BOOLEANS: readonly [string, number, string][] = [
  ["B3.BrakeSwitchDigital", 0, "Brake Pedal Pressed"],
  ["B3.ForwardDigital", 33, "Forward Selected"],
];
export const FIRST_CHANNEL = NUMBERS.length + 2;
export const ROW_WIDTH = FIRST_CHANNEL + 16;

/** The registry as the lead's would answer, with `channels` stored after the fields. */
export function fakeScope(channels: readonly string[] = []): ChannelScope {
  const numbers = new Map<string, number>(NUMBERS.map(([path], i) => [path, i]));
  // Fields come first: a channel misnamed after a field does not hide it.
  channels.forEach((name, i) => numbers.has(name) || numbers.set(name, FIRST_CHANNEL + i));
  const labels = new Map<string, string>([
    ...NUMBERS,
    ...BOOLEANS.map(([p, , l]) => [p, l] as [string, string]),
  ]);
  const bits = new Map(BOOLEANS.map(([path, bit]) => [path, bit]));
  return {
    numberIndex: (path) => numbers.get(path),
    booleanIndex: (path) => bits.get(path),
    names: () => [...numbers.keys(), ...bits.keys()],
    label: (path) => labels.get(path),
    timeIndex: 0,
  };
}

export const defsOf = (expressions: Record<string, string>): MathChannelDef[] =>
  Object.entries(expressions).map(([name, expression]) => ({
    name,
    expression,
    unit: "",
    description: "",
  }));

export function compile(defs: readonly MathChannelDef[], trace = false): CompileResult {
  const out = defs.map((_, i) => FIRST_CHANNEL + i);
  return compileChannels(defs, out, fakeScope(defs.map((d) => d.name)), { trace });
}

export function compileOk(defs: readonly MathChannelDef[], trace = false): ChannelProgram {
  const result = compile(defs, trace);
  if (!result.ok) expect.fail(`expected to compile: ${JSON.stringify(result.problems)}`);
  return result.program;
}

/** The problems of a set that must not compile, all channels' messages in one list. */
export function problemsOf(defs: readonly MathChannelDef[]): ChannelProblem[] {
  const result = compile(defs);
  if (result.ok) expect.fail("expected problems, but it compiled");
  return Object.values(result.problems).flat();
}

export const messagesOf = (expression: string): string[] =>
  problemsOf(defsOf({ C: expression })).map((p) => p.message);

export type RowValues = Partial<Record<string, number | boolean>>;

export function fillRow(row: Float64Array, bits: Uint32Array, values: RowValues): void {
  row.fill(NaN);
  bits.fill(0);
  for (const [path, value] of Object.entries(values)) {
    const boolean = BOOLEANS.find(([p]) => p === path);
    if (boolean) {
      if (value) bits[boolean[1] >>> 5]! |= 1 << (boolean[1] & 31);
    } else {
      const index = NUMBERS.findIndex(([p]) => p === path);
      if (index < 0) throw new Error(`mathKit: no field ${path}`);
      row[index] = Number(value);
    }
  }
}

/** Runs `defs` over rows (oldest first) and gives each channel's values per row. */
export function runRows(
  defs: readonly MathChannelDef[],
  rows: readonly RowValues[],
  trace = false,
): { values: number[][]; gaps: Map<string, number>[] } {
  const program = compileOk(defs, trace);
  const state = program.createState();
  const row = new Float64Array(ROW_WIDTH);
  const bits = new Uint32Array(2);
  const values = defs.map((): number[] => []);
  for (const r of rows) {
    fillRow(row, bits, r);
    program.step(state, row, bits);
    defs.forEach((_, k) => values[k]!.push(row[FIRST_CHANNEL + k]!));
  }
  return { values, gaps: program.gapReasons(state) };
}

/** One expression at one row (TimeStamp 1000 unless given). */
export function evaluate(expression: string, values: RowValues = {}): number {
  return runRows(defsOf({ C: expression }), [{ TimeStamp: 1000, ...values }]).values[0]![0]!;
}

/** Why one expression is a gap at one row (trace mode): the reasons counted. */
export function gapReasonOf(expression: string, values: RowValues = {}): string[] {
  const { gaps } = runRows(defsOf({ C: expression }), [{ TimeStamp: 1000, ...values }], true);
  return [...gaps[0]!.keys()];
}

/** The registry built from the real packet schema, channels stored after the packet's numeric fields. */
export function schemaScope(channels: readonly string[]): ChannelScope {
  const numbers = new Map<string, number>(NUMERIC_FIELDS.map((path, i) => [path, i]));
  channels.forEach((name, i) => numbers.has(name) || numbers.set(name, NUMERIC_FIELDS.length + i));
  const bits = new Map<string, number>(BOOLEAN_FIELDS.map((path, i) => [path, i]));
  return {
    numberIndex: (path) => numbers.get(path),
    booleanIndex: (path) => bits.get(path),
    names: () => [...numbers.keys(), ...bits.keys()],
    label: (path) => fieldInfo(path)?.label,
    timeIndex: NUMERIC_FIELDS.indexOf("TimeStamp"),
  };
}

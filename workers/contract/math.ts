// The math channels channel: what a math channel is (as saved, imported and
// exported), what the editor learns when it checks one, and the part of the
// TelemetryApi that reads and sets them. The worker parses, compiles and
// computes (workers/telemetry/math/); the UI only edits and shows. Types only.
import type { FieldPath } from "./fields";

/**
 * One channel. Its `name` is how expressions and the rest of the app name it
 * (its field path): letters, digits and _, with dots between parts, e.g.
 * "NetPower" or "Derived.PackPower"; never a packet field's path.
 */
export interface MathChannelDef {
  name: FieldPath;
  /** What users read (pickers, tables, export headers); the name when omitted. Unique among fields. */
  label?: string;
  /** e.g. "Battery.PackVoltage * Battery.PackCurrent" or "integ(Derived.PackPower)". */
  expression: string;
  /** Metric display unit, as a packet field's ("W", "Wh", "km/h", "" …). */
  unit: string;
  /** One line saying what it is. */
  description: string;
}

/** A problem with one channel's text, as the editor shows it. */
export interface ChannelProblem {
  message: string;
  /** Character offset in the expression the problem points at, when there is one. */
  at?: number;
}

/** What the editor learns about one channel, checked against the others, as the user types. */
export interface ChannelCheck {
  /** No problems: the set with this channel in it can be saved. */
  ok: boolean;
  /**
   * Why not: an unknown field with the nearest real one ("Unknown field
   * Battery.PackCurent: did you mean Battery.PackCurrent (Pack Current)?"),
   * a cycle named channel by channel, a syntax error with its place, a name
   * already taken, hostile or oversized text.
   */
  problems: ChannelProblem[];
  /** Fields and channels the expression reads. */
  reads: FieldPath[];
  /** Value at the shown history's latest row; null when it is a gap or there are no rows. */
  value: number | null;
  /** The last minute of the shown history (data time), for a small line: times (epoch s) and values (null = gap). */
  recent: { times: number[]; values: (number | null)[] };
  /** Gaps among those rows and why ("division by zero", "log of a number ≤ 0", "Pack Current has no value"). */
  gaps: { count: number; rows: number; reasons: string[] };
}

/** Saving a set of channels: done, or refused with each channel's problems (nothing changed). */
export type MathChannelsResult =
  | { ok: true; channels: MathChannelDef[] }
  | { ok: false; message: string; problems: Record<string, ChannelProblem[]> };

/** Importing a channels JSON file: the channels it holds, or why it is refused (nothing changed). */
export type MathChannelsFileResult =
  { ok: true; channels: MathChannelDef[] } | { ok: false; message: string };

/** The math channels in brief, in every snapshot. */
export interface MathSummary {
  /** Bumped when the set of channels changes: the field catalog changed, ask for it again. */
  version: number;
  count: number;
  /** A recompute over a history running now (a channel added or edited, a replay, an import), rows done of total. */
  recompute: { done: number; total: number } | null;
}

export interface MathApi {
  /** The channels now, in evaluation-independent saved order. */
  mathChannels(): MathChannelDef[];
  /** The starter set (the three Derived.* power fields, net power, energy out, Wh/km, 1-minute average speed…). */
  starterMathChannels(): MathChannelDef[];
  /** Replaces the channels (recomputed over every history, with progress), or refuses the set with reasons. */
  setMathChannels(channels: MathChannelDef[]): MathChannelsResult;
  /**
   * Checks `channel` as if it replaced the channel named `replacing` (or was
   * added, when null) in the current set, changing nothing: the editor, as the user types.
   */
  checkMathChannel(channel: MathChannelDef, replacing: string | null): ChannelCheck;
  /** The channels as a JSON file's text. */
  mathChannelsJson(): string;
  /** Reads a channels JSON file's text (validated, not applied). */
  parseMathChannelsJson(text: string): MathChannelsFileResult;
}

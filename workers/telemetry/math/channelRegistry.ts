// The worker's one set of math channels, for every history (live, each
// replay, each import): their definitions, the history column each one has
// (a slot, see channelSlots.ts), their compiled program, and a version the
// field catalog follows. Setting a new set is all or nothing: a set with a
// problem is refused with each channel's reasons and nothing changes.
import { z } from "zod";
import type { FieldInfo, FieldPath } from "../../contract/fields";
import type { ChannelProblem, MathChannelDef, MathChannelsResult } from "../../contract/math";
import {
  BOOLEAN_FIELDS,
  FIELD_CATALOG,
  NUMERIC_FIELDS,
  fieldInfo,
  fieldSlot,
  type FieldSlot,
} from "../schema/fields";
import { ENERGY_COLUMN_TEXT } from "../schema/fieldLabels";
import { MAX_CHANNELS, slotField } from "./channelSlots";
import { compileChannels, type ChannelProgram, type ChannelScope } from "./compileChannels";
import { STARTER_CHANNELS } from "./starter";

const TIME_INDEX = NUMERIC_FIELDS.indexOf("TimeStamp");
// Labels a channel may not take: the packet's and the lap energy totals'.
const PACKET_LABELS = new Map([
  ...FIELD_CATALOG.map((info) => [info.label.toLowerCase(), info.path] as const),
  ...[...ENERGY_COLUMN_TEXT].map(([path, text]) => [text.label.toLowerCase(), path] as const),
]);

const defSchema = z.object({
  name: z.string().min(1, "a channel needs a name").max(64),
  label: z.string().max(80).optional(),
  expression: z.string(),
  unit: z.string().max(16),
  description: z.string().max(400),
});

/** The channels defined, the math channels' shared setting (names, labels, programs: plan). */
export const mathChannelsSchema = z.array(defSchema).max(MAX_CHANNELS);

/** What changed in a set: every history recomputes `fields` and frees `dropped`. */
interface ChannelChange {
  version: number;
  /** Stored numeric fields of the channels now defined (all recomputed: the program is new). */
  fields: number[];
  /** Stored numeric fields of channels that are gone. */
  dropped: number[];
}

interface Assigned {
  def: MathChannelDef;
  field: number;
  info: FieldInfo;
}

/** A channel's catalog entry: group "Math", labelled by its definition. */
function channelInfo(def: MathChannelDef): FieldInfo {
  return {
    path: def.name,
    type: "number",
    group: "Math",
    label: def.label?.trim() || def.name,
    unit: def.unit,
    description: def.description,
  };
}

/** The names an expression may read: the packet's fields, then these channels. */
function channelScope(
  fields: ReadonlyMap<string, number>,
  labels: ReadonlyMap<string, string>,
): ChannelScope {
  return {
    numberIndex(path) {
      const slot = fieldSlot(path);
      if (slot) return slot.kind === "number" ? slot.index : undefined;
      return fields.get(path);
    },
    booleanIndex(path) {
      const slot = fieldSlot(path);
      return slot?.kind === "boolean" ? slot.index : undefined;
    },
    names: () => [...NUMERIC_FIELDS, ...BOOLEAN_FIELDS, ...fields.keys()],
    label: (path) => fieldInfo(path)?.label ?? labels.get(path),
    timeIndex: TIME_INDEX,
  };
}

interface PlannedSet {
  assigned: Assigned[];
  program: ChannelProgram;
}

class ChannelRegistry {
  private assigned: Assigned[] = [];
  private byName = new Map<FieldPath, Assigned>();
  private byField = new Map<number, Assigned>();
  private compiled: ChannelProgram | null = null;
  private changes = 0;
  private readonly listeners = new Set<(change: ChannelChange) => void>();

  constructor(initial: readonly MathChannelDef[]) {
    const result = this.set(initial);
    if (!result.ok) throw new Error(`starter math channels refused: ${result.message}`);
  }

  get version(): number {
    return this.changes;
  }

  /** The compiled program of the current set (null when it is empty). */
  get program(): ChannelProgram | null {
    return this.compiled;
  }

  list(): MathChannelDef[] {
    return this.assigned.map((a) => ({ ...a.def }));
  }

  infos(): FieldInfo[] {
    return this.assigned.map((a) => ({ ...a.info }));
  }

  slotOf(path: FieldPath): FieldSlot | undefined {
    const a = this.byName.get(path);
    return a ? { kind: "number", index: a.field } : undefined;
  }

  infoOf(path: FieldPath): FieldInfo | undefined {
    return this.byName.get(path)?.info;
  }

  /** The channel stored in numeric field `field`, if any. */
  nameAt(field: number): FieldPath | undefined {
    return this.byField.get(field)?.def.name;
  }

  /** Stored numeric fields of the current channels. */
  fields(): number[] {
    return this.assigned.map((a) => a.field);
  }

  onChange(listener: (change: ChannelChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Checks a set as `set` would and plans its columns (a channel keeps its
   * slot while its name stays), changing nothing. `trace` compiles a program
   * that counts why rows are gaps (the editor's check).
   */
  plan(
    defs: readonly unknown[],
    trace = false,
  ):
    | { ok: true; planned: PlannedSet }
    | { ok: false; message: string; problems: Record<string, ChannelProblem[]> } {
    if (!Array.isArray(defs)) return refuse("Math channels must be a list.");
    if (defs.length > MAX_CHANNELS)
      return refuse(`${defs.length} channels: at most ${MAX_CHANNELS} can be defined at once.`);
    const problems: Record<string, ChannelProblem[]> = {};
    const add = (name: string, message: string) => (problems[name] ??= []).push({ message });
    const parsed: MathChannelDef[] = [];
    defs.forEach((raw, i) => {
      const result = defSchema.safeParse(raw);
      if (!result.success) {
        const name =
          typeof (raw as { name?: unknown })?.name === "string"
            ? (raw as { name: string }).name
            : `#${i + 1}`;
        add(
          name,
          `Channel ${i + 1}: ${result.error.issues.map((issue) => `${issue.path.join(".") || "value"}: ${issue.message}`).join("; ")}`,
        );
        return;
      }
      const def = result.data;
      const clean: MathChannelDef = {
        name: def.name.trim(),
        expression: def.expression,
        unit: def.unit,
        description: def.description,
      };
      if (def.label?.trim()) clean.label = def.label.trim();
      const label = channelInfo(clean).label;
      const owner = PACKET_LABELS.get(label.toLowerCase());
      if (owner)
        add(
          clean.name,
          `The label "${label}" is the ${ENERGY_COLUMN_TEXT.has(owner) ? "lap energy total" : "packet field"} ${owner}'s: choose another.`,
        );
      if (fieldSlot(clean.name))
        add(clean.name, `${clean.name} is a packet field: a channel needs a name of its own.`);
      else if (ENERGY_COLUMN_TEXT.has(clean.name))
        add(clean.name, `${clean.name} is a lap energy total: a channel needs a name of its own.`);
      parsed.push(clean);
    });
    if (Object.keys(problems).length > 0)
      return { ok: false, message: summary(problems), problems };
    // Keep each surviving channel's slot; give new ones the free slots.
    const taken = new Set<number>();
    const fields = new Map<string, number>();
    for (const def of parsed) {
      const field = this.byName.get(def.name)?.field;
      if (field !== undefined && !taken.has(field)) {
        fields.set(def.name, field);
        taken.add(field);
      }
    }
    let next = 0;
    for (const def of parsed) {
      if (fields.has(def.name)) continue;
      while (taken.has(slotField(next))) next++;
      fields.set(def.name, slotField(next));
      taken.add(slotField(next));
    }
    const labels = new Map(parsed.map((def) => [def.name, channelInfo(def).label]));
    const out = parsed.map((def) => fields.get(def.name)!);
    const compiled = compileChannels(parsed, out, channelScope(fields, labels), { trace });
    if (!compiled.ok)
      return { ok: false, message: summary(compiled.problems), problems: compiled.problems };
    return {
      ok: true,
      planned: {
        assigned: parsed.map((def, k) => ({ def, field: out[k]!, info: channelInfo(def) })),
        program: compiled.program,
      },
    };
  }

  /** Replaces the set, or refuses it with its reasons (nothing changes then). */
  set(defs: readonly unknown[]): MathChannelsResult {
    const plan = this.plan(defs);
    if (!plan.ok) return plan;
    const before = new Set(this.assigned.map((a) => a.field));
    this.assigned = plan.planned.assigned;
    this.byName = new Map(this.assigned.map((a) => [a.def.name, a]));
    this.byField = new Map(this.assigned.map((a) => [a.field, a]));
    this.compiled = this.assigned.length > 0 ? plan.planned.program : null;
    this.changes++;
    const now = this.fields();
    const change: ChannelChange = {
      version: this.changes,
      fields: now,
      dropped: [...before].filter((field) => !now.includes(field)),
    };
    this.listeners.forEach((listener) => listener(change));
    return { ok: true, channels: this.list() };
  }
}

function refuse(message: string) {
  return { ok: false as const, message, problems: {} };
}

function summary(problems: Record<string, ChannelProblem[]>): string {
  const names = Object.keys(problems);
  const first = problems[names[0]!]?.[0]?.message ?? "";
  return names.length === 1
    ? `${names[0]}: ${first}`
    : `${names.length} channels have problems; ${names[0]}: ${first}`;
}

/** The worker's channels: the starter set until the user's set arrives. */
export const CHANNELS = new ChannelRegistry(STARTER_CHANNELS);

// What a rule may watch: every stored numeric or boolean field (the packet's
// and the stages' Derived.* columns) and the system subjects the service feeds
// (links, packet age, latencies). Labels and units come from the one labels
// table, so an alert never shows a wire name.
//
// The stages' own columns (the math channels) are known to the history's
// column layout (pipeline/columnLayout.ts), which the caller hands in: this
// feature imports no list of stages.
import type { AlertLimit, AlertRule, SystemSubject } from "../../contract/alerts";
import type { FieldInfo } from "../../contract/fields";
import type { StoredFields } from "../pipeline/Stage";

export type SubjectType = "number" | "boolean";

interface SystemInfo {
  type: SubjectType;
  label: string;
  unit: string;
}

const SYSTEM_SUBJECTS: Readonly<Record<SystemSubject, SystemInfo>> = {
  "System.CarLink": { type: "boolean", label: "Car Link", unit: "" },
  "System.SourceLink": { type: "boolean", label: "Socket or Radio Link", unit: "" },
  "System.PacketAge": { type: "number", label: "Time Since Last Packet", unit: "s" },
  "System.UserLatency": { type: "number", label: "User Latency", unit: "ms" },
  "System.CarLatency": { type: "number", label: "Car Latency", unit: "ms" },
};

/** Index of each system subject in an alerts state's system values. */
export const SYSTEM_INDEX: Readonly<Record<SystemSubject, number>> = {
  "System.CarLink": 0,
  "System.SourceLink": 1,
  "System.PacketAge": 2,
  "System.UserLatency": 3,
  "System.CarLatency": 4,
};
export const SYSTEM_COUNT = 5;

export function isSystemSubject(subject: string): subject is SystemSubject {
  return Object.hasOwn(SYSTEM_SUBJECTS, subject);
}

export interface SubjectInfo {
  type: SubjectType;
  label: string;
  unit: string;
  /** Bit names of a bit field (motor flags), from the labels table. */
  bits?: readonly string[];
  /** Where it is read: the stored row (number), the packed booleans, or a system value. */
  where: "row" | "bits" | "system";
  index: number;
}

/** What a subject is in a history laid out as `fields`; undefined for a string field or a name nothing has. */
export function subjectInfo(subject: string, fields: StoredFields): SubjectInfo | undefined {
  if (isSystemSubject(subject)) {
    const sys = SYSTEM_SUBJECTS[subject];
    return { ...sys, where: "system", index: SYSTEM_INDEX[subject] };
  }
  const slot = fields.storedFieldSlot(subject);
  const info = fields.storedFieldInfo(subject);
  if (!slot || !info || slot.kind === "string") return undefined;
  return {
    type: slot.kind,
    label: info.label,
    unit: info.unit,
    bits: info.bits,
    where: slot.kind === "number" ? "row" : "bits",
    index: slot.index,
  };
}

/**
 * What a rule may watch, for the rules dialog's field picker: the catalog's
 * numeric and boolean fields (Derived.* included) and the system subjects,
 * each labelled from the labels table.
 */
export function alertSubjects(catalog: readonly FieldInfo[], layout: StoredFields): FieldInfo[] {
  const fields = catalog.filter((field) => subjectInfo(field.path, layout) !== undefined);
  const system = (Object.keys(SYSTEM_SUBJECTS) as SystemSubject[]).map((path): FieldInfo => ({
    path,
    type: SYSTEM_SUBJECTS[path].type,
    group: "System",
    label: SYSTEM_SUBJECTS[path].label,
    unit: SYSTEM_SUBJECTS[path].unit,
    description: SYSTEM_DESCRIPTIONS[path],
  }));
  return [...fields, ...system];
}

const SYSTEM_DESCRIPTIONS: Readonly<Record<SystemSubject, string>> = {
  "System.CarLink": "Whether the car reaches the backend (on while connected).",
  "System.SourceLink": "Whether the dashboard reaches the backend or the radio (on while up).",
  "System.PacketAge": "Seconds since the last live packet arrived (NETWORK and RADIO).",
  "System.UserLatency": "Round trip from this browser to the backend.",
  "System.CarLatency": "Delay from the car to the backend.",
};

/** Every field the rules read: their subjects and the fields their limits name. */
export function watchedFields(rules: readonly AlertRule[]): Set<string> {
  const watched = new Set<string>();
  const limits = (...all: AlertLimit[]) => {
    for (const l of all) if (typeof l === "object") watched.add(l.field);
  };
  for (const rule of rules) {
    watched.add(rule.subject);
    const c = rule.condition;
    if (c.kind === "above" || c.kind === "below") limits(c.limit);
    if (c.kind === "outside" || c.kind === "inside") limits(c.lo, c.hi);
  }
  return watched;
}

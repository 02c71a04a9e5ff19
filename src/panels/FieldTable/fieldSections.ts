// How a tab's fields are split into titled sections (pure; unit tested).
// Groups come from the catalog; the split below the group follows the wire
// names: nested objects (BatteryFaults.Errors), name prefixes (Contactor.Array…,
// MPPT.Mppt0…, Telemetry.Gps… / Mpu…), and measurements apart from flags.
import type { FieldInfo } from "../../../workers/contract/fields";

interface FieldSection {
  title: string;
  fields: FieldInfo[];
}

const GROUP_TITLES: Record<string, string> = {
  Battery: "Battery",
  BatteryFaults: "Battery faults",
  MotorDetails0: "Motor 0",
  MotorDetails1: "Motor 1",
  KeyMotor: "Key motor",
  MPPT: "MPPT",
  Contactor: "Contactor",
  MBMS: "MBMS",
  B3: "Driver controls (B3)",
  Telemetry: "Telemetry",
  ProximitySensors: "Proximity sensors",
  Pi: "Pi",
  Math: "Math channels",
};

const CONTACTOR_PREFIX = /^(Array|Charge|Common|Lv|Motor)/;

function subsection(field: FieldInfo): string {
  const keys = field.path.split(".");
  const key = keys[keys.length - 1] ?? "";
  const groupTitle = GROUP_TITLES[field.group] ?? field.group;
  // A channel's name is the user's, dots and all ("Derived.PackPower"): one section for them all.
  if (field.group === "Math") return groupTitle;
  if (keys.length > 2) return `${groupTitle}: ${keys[1]}`;
  if (field.group === "Contactor") {
    const prefix = CONTACTOR_PREFIX.exec(key)?.[1];
    return prefix ? `${prefix === "Lv" ? "LV" : prefix} contactor` : groupTitle;
  }
  if (field.group === "MPPT") {
    const unit = /^Mppt(\d)/.exec(key)?.[1];
    return unit === undefined ? groupTitle : `MPPT ${unit}`;
  }
  if (field.group === "Telemetry") {
    if (key.startsWith("Gps")) return "GPS";
    if (key.startsWith("Mpu")) return "IMU";
  }
  return field.type === "boolean" ? `${groupTitle} flags` : groupTitle;
}

/** Sections in catalog order of first appearance (flag sections last), for the given groups. */
export function fieldSections(
  catalog: readonly FieldInfo[],
  groups: readonly string[],
): FieldSection[] {
  const sections = new Map<string, FieldInfo[]>();
  for (const group of groups) {
    for (const field of catalog) {
      if (field.group !== group) continue;
      const title = subsection(field);
      let list = sections.get(title);
      if (!list) sections.set(title, (list = []));
      list.push(field);
    }
  }
  const list = [...sections].map(([title, fields]) => ({ title, fields }));
  // Measurements before flags within a tab (MBMS lists its flags first on the wire).
  const isFlags = (section: FieldSection) => section.title.endsWith(" flags");
  return list.sort((a, b) => Number(isFlags(a)) - Number(isFlags(b)));
}

const FAULT_NAME = /Fault|Error|Trip|Warning|Malfunction/;

/** A field whose "true" (or non-zero flags) means something is wrong. */
export function isFaultField(field: FieldInfo): boolean {
  return field.group === "BatteryFaults" || FAULT_NAME.test(field.path.split(".").pop() ?? "");
}

/**
 * The Faults tab's motor controller flags: every bit field (ErrorFlags and
 * LimitFlags of both controllers), shown as named chips beside the battery's.
 */
export function motorFlagSection(catalog: readonly FieldInfo[]): FieldSection | null {
  const fields = catalog.filter((field) => field.bits !== undefined);
  return fields.length > 0 ? { title: "Motor controller flags", fields } : null;
}

// Which fields a picker's search shows: every word typed must occur in the
// field's label, description, wire path or group, so "motor 1 temp", "hall"
// (a description word) and "MotorDetails1" all find what people look for.
import type { FieldInfo } from "../../workers/contract/fields";

const GROUP_TITLES: Record<string, string> = {
  Battery: "Battery",
  BatteryFaults: "Battery faults",
  MotorDetails0: "Motor 0",
  MotorDetails1: "Motor 1",
  KeyMotor: "Drive command",
  MPPT: "MPPT (solar trackers)",
  Contactor: "Contactors",
  MBMS: "MBMS",
  B3: "Driver controls (B3)",
  Telemetry: "GPS & IMU",
  ProximitySensors: "Proximity sensors",
  Pi: "Driver",
  Packet: "Packet",
  Derived: "Derived",
};

/** A packet group as people call it ("MotorDetails0" → "Motor 0"). */
export function groupTitle(group: string): string {
  return Object.hasOwn(GROUP_TITLES, group) ? GROUP_TITLES[group]! : group;
}

/** Matching fields, grouped by packet group in catalog order. */
export function searchFields(fields: readonly FieldInfo[], query: string): [string, FieldInfo[]][] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, FieldInfo[]>();
  for (const field of fields) {
    const haystack =
      `${field.label} ${field.description ?? ""} ${field.path} ${groupTitle(field.group)}`.toLowerCase();
    if (!words.every((w) => haystack.includes(w))) continue;
    const list = groups.get(field.group);
    if (list) list.push(field);
    else groups.set(field.group, [field]);
  }
  return [...groups];
}

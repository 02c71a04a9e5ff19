// Which packet groups each field-table tab shows ("Math": the user's math channels).
export const TAB_GROUPS = {
  battery: ["Battery"],
  motors: ["MotorDetails0", "MotorDetails1", "KeyMotor"],
  mppt: ["MPPT"],
  faults: ["BatteryFaults"],
  contactors: ["Contactor", "MBMS"],
  driver: ["B3"],
  gps: ["Telemetry", "ProximitySensors", "Pi"],
  math: ["Math"],
} as const satisfies Record<string, readonly string[]>;

export type FieldTableTab = keyof typeof TAB_GROUPS;

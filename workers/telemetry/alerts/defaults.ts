// The rules a team starts from (issue 34, "Defaults a team starts from").
// Each is an ordinary rule once expanded: editable, able to be turned off.
// A wildcard subject ("MBMS.*Trip") becomes one rule per field it matches.
// Every limit says where it comes from in `source`: the packet's own figure
// where the pack reports one, else a conservative lithium-ion value, saying so.
import type { AlertRule } from "../../contract/alerts";
import { MOTOR_FAULT_MASK, MOTOR_RESET_BIT } from "../../shared/motorFlags";
import { FIELD_CATALOG } from "../schema/fields";

/** A default: a rule whose subject may be a wildcard; `*` stands for any part of one name. */
type DefaultRule = AlertRule;

const FLAG_SOURCE = "issue 34 defaults: a fault or trip flag of the car's own electronics";
const LI_ION = "conservative lithium-ion value; the car's own figure is not known to the dashboard";

const flag = (id: string, subject: string, severity: AlertRule["severity"]): DefaultRule => ({
  id,
  subject,
  condition: { kind: "rising" },
  forSeconds: 0,
  severity,
  message: "{label}",
  enabled: true,
  source: FLAG_SOURCE,
});

const bothMotors = (make: (m: 0 | 1) => DefaultRule): DefaultRule[] => [make(0), make(1)];

export const DEFAULT_RULES: readonly DefaultRule[] = [
  flag("battery-error", "BatteryFaults.Errors.*", "critical"),
  flag("contactor-error", "Contactor.*Error", "critical"),
  flag("mbms-trip", "MBMS.*Trip", "critical"),
  flag("battery-warning", "BatteryFaults.Warnings.*", "warning"),
  flag("mbms-warning", "MBMS.*Warning", "warning"),
  ...bothMotors((m) => ({
    id: `motor${m}-fault`,
    subject: `MotorDetails${m}.ErrorFlags`,
    condition: { kind: "anyBit", mask: MOTOR_FAULT_MASK },
    forSeconds: 0,
    severity: "critical",
    message: "{label}: {bits}",
    enabled: true,
    source: 'PROTOCOL.md "Motor controller flags": every ErrorFlags bit but bit 4 is a fault',
  })),
  ...bothMotors((m) => ({
    id: `motor${m}-past-reset`,
    subject: `MotorDetails${m}.ErrorFlags`,
    condition: { kind: "anyBit", mask: 1 << MOTOR_RESET_BIT },
    forSeconds: 0,
    severity: "info",
    message: "{label}: {bits}",
    enabled: true,
    source: 'PROTOCOL.md "Motor controller flags": bit 4 records a past reset, not a fault',
  })),
  // LimitFlags change at every corner: logged only if the user turns this on.
  ...bothMotors((m) => ({
    id: `motor${m}-limit-changed`,
    subject: `MotorDetails${m}.LimitFlags`,
    condition: { kind: "changed" },
    forSeconds: 0,
    severity: "info",
    message: "{label}: {bits}",
    enabled: false,
    notify: false,
    source: "PROTOCOL.md: a limit bit is information, not an alarm (off by default)",
  })),
  {
    id: "cell-voltage-high",
    subject: "Battery.HighCellVoltage",
    condition: { kind: "above", limit: { field: "Battery.MaximumCellVoltage", fallback: 4.2 } },
    forSeconds: 1,
    severity: "critical",
    message: "{label} {value} {unit}, above the pack's limit {limit} {unit}",
    enabled: true,
    source: `the packet's Battery.MaximumCellVoltage; 4.2 V when it reports none (${LI_ION})`,
  },
  {
    id: "cell-voltage-low",
    subject: "Battery.LowCellVoltage",
    condition: { kind: "below", limit: { field: "Battery.MinimumCellVoltage", fallback: 2.8 } },
    forSeconds: 1,
    severity: "critical",
    message: "{label} {value} {unit}, below the pack's limit {limit} {unit}",
    enabled: true,
    source: `the packet's Battery.MinimumCellVoltage; 2.8 V when it reports none (${LI_ION})`,
  },
  {
    id: "pack-voltage-high",
    subject: "Battery.PackVoltage",
    condition: { kind: "above", limit: { field: "Battery.MaximumPackVoltage" } },
    forSeconds: 1,
    severity: "critical",
    message: "{label} {value} {unit}, above the pack's limit {limit} {unit}",
    enabled: true,
    source: "the packet's Battery.MaximumPackVoltage (no rule while it reports none)",
  },
  {
    id: "pack-voltage-low",
    subject: "Battery.PackVoltage",
    condition: { kind: "below", limit: { field: "Battery.MinimumPackVoltage" } },
    forSeconds: 1,
    severity: "critical",
    message: "{label} {value} {unit}, below the pack's limit {limit} {unit}",
    enabled: true,
    source: "the packet's Battery.MinimumPackVoltage (no rule while it reports none)",
  },
  {
    id: "pack-temperature-warning",
    subject: "Battery.HighTemperature",
    condition: { kind: "above", limit: 50 },
    clear: 47,
    forSeconds: 5,
    severity: "warning",
    message: "{label} {value} {unit}, above {limit} {unit}",
    enabled: true,
    source: `50 °C, 10 °C under the usual 60 °C discharge limit of Li-ion cells (${LI_ION})`,
  },
  {
    id: "pack-temperature-critical",
    subject: "Battery.HighTemperature",
    condition: { kind: "above", limit: 58 },
    clear: 55,
    forSeconds: 2,
    severity: "critical",
    message: "{label} {value} {unit}, above {limit} {unit}",
    enabled: true,
    source: `58 °C, just under the usual 60 °C discharge limit of Li-ion cells (${LI_ION})`,
  },
  {
    id: "pack-temperature-cold",
    subject: "Battery.LowTemperature",
    condition: { kind: "below", limit: 0 },
    clear: 2,
    forSeconds: 5,
    severity: "warning",
    message: "{label} {value} {unit}: Li-ion cells must not charge (regen) below {limit} {unit}",
    enabled: true,
    source: `0 °C: Li-ion cells plate lithium when charged below freezing (${LI_ION})`,
  },
  ...bothMotors((m) => ({
    id: `motor${m}-temperature`,
    subject: `MotorDetails${m}.MotorTemperature`,
    condition: { kind: "above", limit: 100 },
    clear: 95,
    forSeconds: 5,
    severity: "warning",
    message: "{label} {value} {unit}, above {limit} {unit}",
    enabled: true,
    source:
      "100 °C: conservative for a hub motor's magnets and windings; the motor's own rating is not known to the dashboard",
  })),
  ...bothMotors((m) => ({
    id: `motor${m}-heatsink-temperature`,
    subject: `MotorDetails${m}.HeatsinkTemperature`,
    condition: { kind: "above", limit: 75 },
    clear: 70,
    forSeconds: 5,
    severity: "warning",
    message: "{label} {value} {unit}, above {limit} {unit}",
    enabled: true,
    source:
      "75 °C: conservative, before the controller's own temperature limit (LimitFlags bit 6) cuts power; its figure is not known to the dashboard",
  })),
  {
    id: "soc-low",
    subject: "Battery.PackStateOfCharge",
    condition: { kind: "below", limit: 20 },
    clear: 22,
    forSeconds: 10,
    severity: "warning",
    message: "{label} {value} {unit}, below {limit} {unit}",
    enabled: true,
    source: "20 %: a conservative reserve; the team's strategy sets its own",
  },
  {
    id: "soc-very-low",
    subject: "Battery.PackStateOfCharge",
    condition: { kind: "below", limit: 10 },
    clear: 12,
    forSeconds: 10,
    severity: "critical",
    message: "{label} {value} {unit}, below {limit} {unit}",
    enabled: true,
    source: `10 %: deep discharge shortens Li-ion life and the BMS may cut the pack soon (${LI_ION})`,
  },
  {
    id: "car-link-lost",
    subject: "System.CarLink",
    condition: { kind: "equals", value: false },
    forSeconds: 0,
    severity: "critical",
    // The spec's text (SPEC §8): this alert replaces its "Connection Lost" toast.
    message: "Car has disconnected!",
    enabled: true,
    source: "issue 34 defaults (replaces the spec's car link toasts)",
  },
  {
    id: "source-link-lost",
    subject: "System.SourceLink",
    condition: { kind: "equals", value: false },
    forSeconds: 0,
    severity: "critical",
    message: "Socket or radio link lost",
    enabled: true,
    source: "issue 34 defaults",
  },
  {
    id: "no-packets",
    subject: "System.PacketAge",
    condition: { kind: "above", limit: 5 },
    forSeconds: 0,
    severity: "warning",
    message: "No packets for {value} {unit}",
    enabled: true,
    source: "issue 34 defaults: no packets for 5 s in NETWORK or RADIO",
  },
  {
    id: "user-latency-high",
    subject: "System.UserLatency",
    condition: { kind: "above", limit: 2000 },
    forSeconds: 0,
    severity: "warning",
    message: "{label} {value} {unit}, above {limit} {unit}",
    enabled: true,
    source: "issue 34 defaults: latency above 2 s",
  },
  {
    id: "car-latency-high",
    subject: "System.CarLatency",
    condition: { kind: "above", limit: 2000 },
    forSeconds: 0,
    severity: "warning",
    message: "{label} {value} {unit}, above {limit} {unit}",
    enabled: true,
    source: "issue 34 defaults: latency above 2 s",
  },
];

/** The fields a subject names: itself, or every numeric/boolean packet field a wildcard matches. */
function matchSubjects(subject: string): string[] {
  if (!subject.includes("*")) return [subject];
  const escaped = subject.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^.]*");
  const pattern = new RegExp(`^${escaped}$`);
  return FIELD_CATALOG.filter((f) => f.type !== "string" && pattern.test(f.path)).map(
    (f) => f.path,
  );
}

/** Wildcards expanded: one rule per field, its id the default's id and the field's path. */
function expandRules(rules: readonly DefaultRule[]): AlertRule[] {
  return rules.flatMap((rule) => {
    if (!rule.subject.includes("*")) return [{ ...rule }];
    return matchSubjects(rule.subject).map((path) => ({
      ...rule,
      id: `${rule.id}:${path}`,
      subject: path,
    }));
  });
}

let expanded: AlertRule[] | null = null;

/** The defaults, expanded once. */
export function defaultRules(): AlertRule[] {
  expanded ??= expandRules(DEFAULT_RULES);
  return expanded.map((rule) => ({ ...rule }));
}

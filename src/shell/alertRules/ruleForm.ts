// A rule as the editor holds it (text the user types, limits in the user's
// unit system) and back to a rule as the worker keeps it (metric). Pure, so
// the round trip is unit tested. The worker validates the result
// (checkAlertRules); this file only reads the numbers the user typed.
import type {
  AlertCondition,
  AlertLimit,
  AlertRule,
  AlertSeverity,
} from "../../../workers/contract/alerts";
import type { AppUnits, FieldInfo } from "../../../workers/contract/fields";
import { displayUnit, fromShownUnit, toDisplay } from "../../../workers/shared/units";

export type ConditionKind = AlertCondition["kind"];

export interface LimitForm {
  /** true: the packet's own field (the pack's limit), with `fallback` while it reports none. */
  useField: boolean;
  value: string;
  field: string;
  fallback: string;
}

export interface RuleForm {
  id: string;
  subject: string;
  kind: ConditionKind;
  limit: LimitForm;
  lo: LimitForm;
  hi: LimitForm;
  /** equals: a number, or "true" / "false" for an on/off field. */
  equals: string;
  /** anyBit: the bit numbers chosen. */
  bits: number[];
  /** noNewValue: seconds without a new value. */
  seconds: string;
  forSeconds: string;
  /** "" for none. */
  clear: string;
  severity: AlertSeverity;
  message: string;
  notify: boolean;
  enabled: boolean;
  source: string;
}

const NUMBER_KINDS: readonly ConditionKind[] = [
  "above",
  "below",
  "outside",
  "inside",
  "equals",
  "changed",
  "noNewValue",
];
const BOOLEAN_KINDS: readonly ConditionKind[] = [
  "true",
  "rising",
  "equals",
  "changed",
  "noNewValue",
];

/** The conditions that fit a subject: bit fields add "anyBit", on/off fields have their own. */
export function kindsFor(subject: Pick<FieldInfo, "type" | "bits"> | undefined): ConditionKind[] {
  if (!subject) return [...NUMBER_KINDS];
  if (subject.type === "boolean") return [...BOOLEAN_KINDS];
  return subject.bits ? ["anyBit", ...NUMBER_KINDS] : [...NUMBER_KINDS];
}

export const KIND_LABELS: Readonly<Record<ConditionKind, string>> = {
  above: "Above",
  below: "Below",
  outside: "Outside a range",
  inside: "Inside a range",
  equals: "Equals",
  true: "Is on",
  rising: "Turns on",
  changed: "Changes",
  anyBit: "Any of these bits is set",
  noNewValue: "No new value for",
};

const emptyLimit = (): LimitForm => ({ useField: false, value: "", field: "", fallback: "" });

/** Digits enough for any limit, without the float noise of a unit conversion (139.99999999 °F). */
const tidy = (value: number): string => String(Number(value.toPrecision(10)));

/** A metric value as the user reads it in `units`. */
export function shownNumber(value: number, metricUnit: string, units: AppUnits): string {
  return tidy(toDisplay(value, metricUnit, units));
}

/** A value typed in the user's unit back to metric; NaN when it is not a number. */
export function metricNumber(text: string, metricUnit: string, units: AppUnits): number {
  const trimmed = text.trim();
  if (trimmed === "") return NaN;
  const shown = Number(trimmed);
  if (!Number.isFinite(shown)) return NaN;
  const back = fromShownUnit(metricUnit, displayUnit(metricUnit, units));
  if (!back) return shown;
  return Number(((shown - back.offset) / back.scale).toPrecision(12));
}

function limitForm(limit: AlertLimit, unit: string, units: AppUnits): LimitForm {
  if (typeof limit === "number") return { ...emptyLimit(), value: shownNumber(limit, unit, units) };
  return {
    useField: true,
    value: "",
    field: limit.field,
    fallback: limit.fallback === undefined ? "" : shownNumber(limit.fallback, unit, units),
  };
}

/** A new rule's form, watching `subject` (or nothing yet). */
export function newRuleForm(subject: FieldInfo | undefined, id: string): RuleForm {
  const kind = kindsFor(subject)[0]!;
  return {
    id,
    subject: subject?.path ?? "",
    kind,
    limit: emptyLimit(),
    lo: emptyLimit(),
    hi: emptyLimit(),
    equals: subject?.type === "boolean" ? "true" : "",
    bits: [],
    seconds: "5",
    forSeconds: "0",
    clear: "",
    severity: "warning",
    message: subject?.bits ? "{label}: {bits}" : "{label} {value} {unit}",
    notify: true,
    enabled: true,
    source: "",
  };
}

/** A rule as the editor shows it, in the user's units. */
export function ruleToForm(
  rule: AlertRule,
  subject: FieldInfo | undefined,
  units: AppUnits,
): RuleForm {
  const unit = subject?.unit ?? "";
  const form = newRuleForm(subject, rule.id);
  const c = rule.condition;
  Object.assign(form, {
    subject: rule.subject,
    kind: c.kind,
    forSeconds: String(rule.forSeconds),
    clear: rule.clear === undefined ? "" : shownNumber(rule.clear, unit, units),
    severity: rule.severity,
    message: rule.message,
    notify: rule.notify !== false,
    enabled: rule.enabled,
    source: rule.source ?? "",
  });
  if (c.kind === "above" || c.kind === "below") form.limit = limitForm(c.limit, unit, units);
  if (c.kind === "outside" || c.kind === "inside") {
    form.lo = limitForm(c.lo, unit, units);
    form.hi = limitForm(c.hi, unit, units);
  }
  if (c.kind === "equals")
    form.equals =
      typeof c.value === "boolean" ? String(c.value) : shownNumber(c.value, unit, units);
  if (c.kind === "anyBit")
    form.bits = Array.from({ length: 32 }, (_, bit) => bit).filter(
      (bit) => Math.floor(c.mask / 2 ** bit) % 2 === 1,
    );
  if (c.kind === "noNewValue") form.seconds = String(c.seconds);
  return form;
}

type FormResult = { ok: true; rule: AlertRule } | { ok: false; errors: string[] };

/**
 * The form as a rule in metric units, or what the user must fix first (a
 * missing field, text that is not a number). Everything else is the worker's
 * check.
 */
export function formToRule(
  form: RuleForm,
  subject: FieldInfo | undefined,
  units: AppUnits,
): FormResult {
  const errors: string[] = [];
  const unit = subject?.unit ?? "";
  const number = (text: string, what: string): number => {
    const value = metricNumber(text, unit, units);
    if (Number.isNaN(value)) errors.push(`${what} must be a number`);
    return value;
  };
  const plain = (text: string, what: string): number => {
    const value = text.trim() === "" ? NaN : Number(text);
    if (!Number.isFinite(value)) errors.push(`${what} must be a number`);
    return value;
  };
  const limit = (l: LimitForm, what: string): AlertLimit => {
    if (!l.useField) return number(l.value, what);
    if (!l.field) errors.push(`${what}: choose the packet's field that holds it`);
    return l.fallback.trim() === ""
      ? { field: l.field }
      : { field: l.field, fallback: number(l.fallback, `${what}'s fallback`) };
  };
  if (!form.subject) errors.push("Choose the field to watch");
  let condition: AlertCondition;
  switch (form.kind) {
    case "above":
    case "below":
      condition = { kind: form.kind, limit: limit(form.limit, "The limit") };
      break;
    case "outside":
    case "inside":
      condition = { kind: form.kind, lo: limit(form.lo, "Low"), hi: limit(form.hi, "High") };
      break;
    case "equals":
      condition = {
        kind: "equals",
        value:
          form.equals === "true" || form.equals === "false"
            ? form.equals === "true"
            : number(form.equals, "The value"),
      };
      break;
    case "anyBit":
      if (form.bits.length === 0) errors.push("Choose at least one bit");
      condition = { kind: "anyBit", mask: form.bits.reduce((mask, bit) => mask + 2 ** bit, 0) };
      break;
    case "noNewValue":
      condition = { kind: "noNewValue", seconds: plain(form.seconds, "Seconds without a value") };
      break;
    default:
      condition = { kind: form.kind };
  }
  const rule: AlertRule = {
    id: form.id,
    subject: form.subject,
    condition,
    forSeconds: plain(form.forSeconds, "Holds for (s)"),
    severity: form.severity,
    message: form.message,
    enabled: form.enabled,
  };
  if (form.clear.trim() !== "") rule.clear = number(form.clear, "The clear level");
  if (!form.notify) rule.notify = false;
  if (form.source.trim() !== "") rule.source = form.source.trim();
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rule };
}

/**
 * The worker's reasons for a file of one rule, without the file's own
 * wording ('rules[0] "id": ' or 'rules[0].condition.lo: ' → 'condition.lo: ').
 */
export function ruleReasons(errors: readonly string[]): string[] {
  return errors.map((error) =>
    error.replace(/^rules\[0\](\s+"(?:[^"\\]|\\.)*"\s*)?(\.)?/, "").replace(/^:\s*/, ""),
  );
}

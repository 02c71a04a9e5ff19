// The rules file's schema (zod) and the checks zod's shapes cannot make: the
// subject exists and is numeric or boolean, the condition fits its type,
// lo ≤ hi, a clear level on the right side of its limit. checkRules.ts checks
// a whole file with them, a rule at a time.
import { z } from "zod";
import type { AlertCondition, AlertLimit, AlertRule } from "../../contract/alerts";
import { ALERT_RULES_FORMAT, ALERT_RULES_VERSION } from "../../shared/alertRulesFile";
import type { StoredFields } from "../pipeline/Stage";
import { subjectInfo, type SubjectType } from "./subjects";

/** More rules than a team could read: a file with more is a mistake or an attack. */
export const MAX_RULES = 5000;
/** What a file with more is told. */
export const TOO_MANY_RULES = `at most ${MAX_RULES} rules`;
const MAX_TEXT = 500;

const finite = z.number({ error: "must be a finite number" });
const limit = z.union([
  finite,
  z.strictObject({ field: z.string().min(1).max(MAX_TEXT), fallback: finite.optional() }),
]);

const condition = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("above"), limit }),
    z.strictObject({ kind: z.literal("below"), limit }),
    z.strictObject({ kind: z.literal("outside"), lo: limit, hi: limit }),
    z.strictObject({ kind: z.literal("inside"), lo: limit, hi: limit }),
    z.strictObject({ kind: z.literal("equals"), value: z.union([finite, z.boolean()]) }),
    z.strictObject({ kind: z.literal("true") }),
    z.strictObject({ kind: z.literal("rising") }),
    z.strictObject({ kind: z.literal("changed") }),
    z.strictObject({
      kind: z.literal("anyBit"),
      mask: z.int().min(1, "must name at least one bit").max(0xffffffff),
    }),
    z.strictObject({ kind: z.literal("noNewValue"), seconds: finite.positive().max(86_400) }),
  ],
  {
    error:
      "condition.kind must be one of above, below, outside, inside, equals, true, rising, changed, anyBit, noNewValue",
  },
);

/** One rule's shape. */
export const ruleSchema = z.strictObject({
  id: z.string().min(1, "id must not be empty").max(100),
  subject: z.string().min(1).max(MAX_TEXT),
  condition,
  forSeconds: finite.min(0, "forSeconds must be 0 or more").max(86_400),
  clear: finite.optional(),
  severity: z.enum(["info", "warning", "critical"]),
  message: z.string().max(MAX_TEXT),
  enabled: z.boolean(),
  notify: z.boolean().optional(),
  source: z.string().max(MAX_TEXT).optional(),
});

/** The rules in force, the alerts' shared setting (what a shape cannot say: checkRules). */
export const alertRulesSchema = z.array(ruleSchema).max(MAX_RULES, TOO_MANY_RULES);

/** A rules file's shape. */
export const rulesFileSchema = z.strictObject({
  format: z.literal(ALERT_RULES_FORMAT, { error: `format must be "${ALERT_RULES_FORMAT}"` }),
  version: z.literal(ALERT_RULES_VERSION, {
    error: `version must be ${ALERT_RULES_VERSION} (this dashboard reads version ${ALERT_RULES_VERSION})`,
  }),
  rules: alertRulesSchema,
});

const NUMERIC_KINDS = new Set(["above", "below", "outside", "inside", "anyBit"]);
const BOOLEAN_KINDS = new Set(["true", "rising"]);

/** A constant limit's value, or null when it is another field's. */
const constant = (l: AlertLimit): number | null => (typeof l === "number" ? l : null);

function limitProblem(l: AlertLimit, name: string, fields: StoredFields): string | null {
  if (typeof l === "number") return null;
  const info = subjectInfo(l.field, fields);
  if (!info || info.where !== "row")
    return `${name}.field ${quote(l.field)} is not a numeric field`;
  return null;
}

/** A user's text in quotes, cut at 60 characters. */
export const quote = (text: string) =>
  JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

/**
 * What is wrong with one rule zod's shapes accepted, beyond its shape ([] when
 * nothing), in a history laid out as `fields`.
 */
export function ruleProblems(r: AlertRule, fields: StoredFields): string[] {
  const problems: string[] = [];
  const info = subjectInfo(r.subject, fields);
  if (!info) return [`subject ${quote(r.subject)} is not a numeric or boolean field`];
  const c: AlertCondition = r.condition;
  const type: SubjectType = info.type;
  if (type === "boolean" && NUMERIC_KINDS.has(c.kind))
    problems.push(`"${c.kind}" needs a number, but ${info.label} is a yes/no field`);
  if (type === "number" && BOOLEAN_KINDS.has(c.kind))
    problems.push(`"${c.kind}" needs a yes/no field, but ${info.label} is a number`);
  if (c.kind === "equals" && typeof c.value !== (type === "boolean" ? "boolean" : "number"))
    problems.push(
      `equals needs a ${type === "boolean" ? "true/false" : "number"} value for ${info.label}`,
    );
  if (c.kind === "above" || c.kind === "below") {
    const p = limitProblem(c.limit, "limit", fields);
    if (p) problems.push(p);
  }
  if (c.kind === "outside" || c.kind === "inside") {
    const bounds = [limitProblem(c.lo, "lo", fields), limitProblem(c.hi, "hi", fields)];
    for (const p of bounds) if (p) problems.push(p);
    const lo = constant(c.lo);
    const hi = constant(c.hi);
    if (lo !== null && hi !== null && lo > hi) problems.push(`lo (${lo}) is above hi (${hi})`);
  }
  if (r.clear !== undefined) {
    if (c.kind !== "above" && c.kind !== "below")
      problems.push(`a clear level fits only "above" or "below", not "${c.kind}"`);
    const at = c.kind === "above" || c.kind === "below" ? constant(c.limit) : null;
    if (at !== null && c.kind === "above" && r.clear > at)
      problems.push(`clear level (${r.clear}) must be at or under the limit (${at}) for "above"`);
    if (at !== null && c.kind === "below" && r.clear < at)
      problems.push(`clear level (${r.clear}) must be at or over the limit (${at}) for "below"`);
  }
  return problems;
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    "",
  );
}

/** A zod issue in words, naming where (`rules[3].id: …`); `path` is where it is in the file. */
export function issueText(
  issue: z.core.$ZodIssue,
  path: readonly PropertyKey[] = issue.path,
): string {
  const where = issuePath(path);
  const message =
    issue.code === "unrecognized_keys"
      ? `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map(quote).join(", ")}`
      : issue.message;
  return where ? `${where}: ${message}` : message;
}

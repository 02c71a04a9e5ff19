// A rules file checked (ruleSchema.ts) a rule at a time: its text read in
// stretches (rulesText.ts), each rule's shape, then what shapes cannot say
// (the subject exists, the condition fits it, unique ids). The same steps
// check a rule as the user types (at once) and a file of 5,000 (a slice at a
// time: liveAlerts.ts). A file is taken whole or refused with its first 20
// reasons, each naming where: `rules[3] "id": …`.
import type { AlertRule, AlertRulesResult } from "../../contract/alerts";
import type { StoredFields } from "../pipeline/Stage";
import {
  issueText,
  MAX_RULES,
  quote,
  ruleProblems,
  rulesFileSchema,
  ruleSchema,
  TOO_MANY_RULES,
} from "./ruleSchema";
import { rulesText } from "./rulesText";
import { runNow, type Steps } from "./steps";

/** Reasons told at most. */
const MAX_REASONS = 20;

const refused = (errors: string[]): AlertRulesResult => ({
  ok: false,
  errors: errors.slice(0, MAX_REASONS),
});

/** Checks a rules file (JSON text or parsed) for histories laid out as `fields`, at once. */
export function checkRulesFile(input: unknown, fields: StoredFields): AlertRulesResult {
  return runNow(checkSteps(input, fields));
}

type Parts = { top: unknown; rules: unknown[] } | { whole: unknown } | { notJson: string };

/** The file's top object and its rules apart; whole when it has no rules array. */
function* fileParts(input: unknown): Steps<Parts> {
  if (typeof input === "string") {
    const parts = yield* rulesText(input);
    if (parts) return parts;
    try {
      input = JSON.parse(input);
    } catch (error) {
      return { notJson: (error as Error).message };
    }
  }
  const rules = (input as { rules?: unknown } | null)?.rules;
  if (typeof input !== "object" || Array.isArray(input) || !Array.isArray(rules))
    return { whole: input };
  return { top: { ...input, rules: [] }, rules };
}

/** checkRulesFile a step at a time. */
export function* checkSteps(input: unknown, fields: StoredFields): Steps<AlertRulesResult> {
  const parts = yield* fileParts(input);
  if ("notJson" in parts) return refused([`not JSON: ${parts.notJson}`]);
  let rules: AlertRule[];
  if ("whole" in parts) {
    // No rules array: zod's words for the whole file (what is missing or of the wrong kind).
    const parsed = rulesFileSchema.safeParse(parts.whole);
    if (!parsed.success) return refused(parsed.error.issues.map((issue) => issueText(issue)));
    rules = parsed.data.rules as AlertRule[];
  } else {
    const shaped = yield* shapeSteps(parts.top, parts.rules);
    if (!Array.isArray(shaped)) return shaped;
    rules = shaped;
  }
  const errors: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < rules.length && errors.length < MAX_REASONS; i++) {
    const r = rules[i]!;
    const where = `rules[${i}] ${quote(r.id)}`;
    if (seen.has(r.id)) errors.push(`${where}: id is used by an earlier rule`);
    seen.add(r.id);
    for (const problem of ruleProblems(r, fields)) errors.push(`${where}: ${problem}`);
    yield;
  }
  return errors.length > 0 ? refused(errors) : { ok: true, rules };
}

/**
 * The file's shape, its rules one by one, with the reasons in the order zod
 * gives them for the whole file: the top's fields, then the rules (or that
 * there are too many), then the top's unknown fields.
 */
function* shapeSteps(top: unknown, rules: unknown[]): Steps<AlertRule[] | AlertRulesResult> {
  const topIssues = rulesFileSchema.safeParse(top).error?.issues ?? [];
  const errors = topIssues.filter((issue) => issue.path.length > 0).map((i) => issueText(i));
  const shaped: AlertRule[] = [];
  if (rules.length > MAX_RULES) errors.push(`rules: ${TOO_MANY_RULES}`);
  else {
    for (let i = 0; i < rules.length && errors.length < MAX_REASONS; i++) {
      const parsed = ruleSchema.safeParse(rules[i]);
      if (parsed.success) shaped.push(parsed.data as AlertRule);
      else
        for (const issue of parsed.error.issues)
          errors.push(issueText(issue, ["rules", i, ...issue.path]));
      yield;
    }
  }
  errors.push(...topIssues.filter((issue) => issue.path.length === 0).map((i) => issueText(i)));
  return errors.length > 0 ? refused(errors) : shaped;
}

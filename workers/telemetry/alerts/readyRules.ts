// A rules file made ready to take (liveAlerts.ts): a File the page picked
// read here in pieces (never on the page's thread: a 60 MB file once took it
// 182 ms), then checked and compiled a step at a time, with each rule's
// canonical JSON, which tells whether the new set changes anything.
import type { AlertRule, AlertRulesResult } from "../../contract/alerts";
import { formatMegabytes } from "../../shared/megabytes";
import { textChunks } from "../csv/textChunks";
import type { StoredFields } from "../pipeline/Stage";
import { checkSteps } from "./checkRules";
import { compileSteps, type CompiledRules } from "./compile";
import { ruleHash, sameRule } from "./ruleIdentity";
import { MAX_RULES } from "./ruleSchema";
import type { Steps } from "./steps";

/**
 * Larger than any rules file: 5,000 rules of every text at its longest,
 * indented, are about 9 MB. A larger file is refused unread.
 */
export const MAX_RULES_FILE_BYTES = 20 * 1024 * 1024;

export interface ReadyRules {
  ok: true;
  rules: AlertRule[];
  compiled: CompiledRules;
  /** Each rule's number (ruleIdentity.ts). */
  hashes: number[];
  /** Whether they differ from the rules in force when they were checked. */
  changed: boolean;
}

type Refused = Extract<AlertRulesResult, { ok: false }>;

/** A picked file's text, read in pieces; a file too large to be a rules file is refused unread. */
export async function rulesFileText(file: Blob): Promise<{ text: string } | Refused> {
  if (file.size > MAX_RULES_FILE_BYTES)
    return {
      ok: false,
      errors: [
        `the file is ${formatMegabytes(file.size)}; a rules file (at most ${MAX_RULES.toLocaleString("en-US")} rules) is at most ${formatMegabytes(MAX_RULES_FILE_BYTES)}`,
      ],
    };
  const pieces: string[] = [];
  for await (const { text } of textChunks(file)) pieces.push(text);
  return { text: pieces.join("") };
}

/**
 * A rules file (JSON text or parsed) checked and compiled for histories laid
 * out as `fields`; `inForce`: the rules in force and their numbers, to tell
 * whether the file changes them, a rule at a time.
 */
export function* readyRules(
  file: unknown,
  fields: StoredFields,
  inForce: {
    rules: readonly AlertRule[];
    hashes: readonly number[];
    compiled: CompiledRules | null;
  },
): Steps<ReadyRules | Refused> {
  const checked = yield* checkSteps(file, fields);
  if (!checked.ok) return checked;
  const hashes: number[] = [];
  let changed = checked.rules.length !== inForce.rules.length;
  for (const rule of checked.rules) {
    const hash = ruleHash(rule);
    const i = hashes.length;
    changed ||= hash !== inForce.hashes[i] || !sameRule(rule, inForce.rules[i]!);
    hashes.push(hash);
    yield;
  }
  const compiled = yield* compileSteps(checked.rules, fields, hashes, inForce.compiled);
  return { ok: true, rules: checked.rules, compiled, hashes, changed };
}

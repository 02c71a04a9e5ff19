// Short, human-readable reasons for a rejected packet, e.g.
// "Battery.PackVoltage: expected number, received string".
import type { z } from "zod";

const MAX_REASON = 160;

export function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "packet: invalid";
  const path = issue.path.map(String).join(".") || "packet";
  const message = issue.message.replace(/^Invalid input: /, "");
  return `${path}: ${message}`.slice(0, MAX_REASON);
}

export function describeJsonError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `invalid JSON: ${message}`.slice(0, MAX_REASON);
}

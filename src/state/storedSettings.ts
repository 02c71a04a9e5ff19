// Small settings kept in localStorage under a key of their own (the
// alerts', the sectors', the Overview's glance tiles): read through a zod schema whose
// fields fall back to their defaults, so a broken or older value never stops
// the app, and written back whenever they change. What was wrong with a value
// that could not be used is kept, for the setting to tell the user.
import { proxy, subscribe } from "valtio";
import type { z } from "zod";

/** Settings read from storage, and what was wrong with the stored value (null: nothing). */
export interface StoredRead<T> {
  value: T;
  problem: string | null;
}

/** Words for the first reason a stored value was refused (its schema's messages by default). */
export type DescribeRefusal = (issue: z.core.$ZodIssue, stored: unknown) => string;

const byMessage: DescribeRefusal = (issue) => issue.message;

/** Stored text → settings, and why not when it is unreadable (then the defaults apply). */
export function readStored<T>(
  schema: z.ZodType<T>,
  defaults: T,
  text: string | null,
  describe: DescribeRefusal = byMessage,
): StoredRead<T> {
  if (!text) return { value: structuredClone(defaults), problem: null };
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? ` (${error.message.slice(0, 120)})` : "";
    return { value: structuredClone(defaults), problem: `the saved text is not JSON${why}` };
  }
  const parsed = schema.safeParse(stored);
  if (parsed.success) return { value: parsed.data, problem: null };
  const issue = parsed.error.issues[0];
  const problem = issue ? describe(issue, stored) : "it is not what this version saves";
  return { value: structuredClone(defaults), problem };
}

/** Stored text → settings; anything unreadable is the defaults. */
export function parseStored<T>(schema: z.ZodType<T>, defaults: T, text: string | null): T {
  return readStored(schema, defaults, text).value;
}

function storedText(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// What was wrong with each proxy's stored value when it was read.
const problems = new WeakMap<object, string>();

/** What was wrong with the stored value `state` was read from; null when nothing was. */
export function storedProblem(state: object): string | null {
  return problems.get(state) ?? null;
}

/** A valtio proxy of the settings stored under `key`, saved on every change. */
export function storedSettings<T extends object>(
  key: string,
  schema: z.ZodType<T>,
  defaults: T,
  describe?: DescribeRefusal,
): T {
  const hasStorage = typeof localStorage !== "undefined";
  const read: StoredRead<T> = hasStorage
    ? readStored(schema, defaults, storedText(key), describe)
    : { value: structuredClone(defaults), problem: null };
  const state = proxy<T>(read.value);
  if (read.problem !== null) problems.set(state, read.problem);
  if (hasStorage)
    subscribe(state, () => {
      try {
        localStorage.setItem(key, JSON.stringify(state));
      } catch {
        // storage full or disabled: the settings last for this page only
      }
    });
  return state;
}

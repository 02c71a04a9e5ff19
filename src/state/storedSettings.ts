// Small settings kept in localStorage under a key of their own (the
// alerts', the sectors', the Overview's glance tiles): read through a zod schema whose
// fields fall back to their defaults, so a broken or older value never stops
// the app, and written back whenever they change.
import { proxy, subscribe } from "valtio";
import type { z } from "zod";

/** Stored text → settings; anything unreadable is the defaults. */
export function parseStored<T>(schema: z.ZodType<T>, defaults: T, text: string | null): T {
  if (!text) return structuredClone(defaults);
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : structuredClone(defaults);
  } catch {
    return structuredClone(defaults);
  }
}

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A valtio proxy of the settings stored under `key`, saved on every change. */
export function storedSettings<T extends object>(
  key: string,
  schema: z.ZodType<T>,
  defaults: T,
): T {
  const hasStorage = typeof localStorage !== "undefined";
  const state = proxy<T>(
    hasStorage ? parseStored(schema, defaults, readStored(key)) : structuredClone(defaults),
  );
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

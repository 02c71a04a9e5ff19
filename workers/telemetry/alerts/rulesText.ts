// A rules file's JSON text read without one long JSON.parse: the text is
// scanned a stretch at a time for the top object's "rules" array, and each rule
// is parsed on its own (one JSON.parse of a 6 MB file held the core for 80–160
// ms). What the scan finds is used only when it parses: the file with its rules
// array emptied, and every rule's text. Those being valid JSON, the whole text
// is too, and means the same. Anything else (no such array, a rule that does
// not parse) gives null, and the caller parses the text whole, for
// JSON.parse's own answer and words.
import type { Steps } from "./steps";

/** Characters scanned between two chances to pause. */
const SCAN_STRETCH = 1 << 14;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** The file's top object (its rules array emptied) and its rules, parsed one by one. */
export interface RulesText {
  top: Record<string, unknown>;
  rules: unknown[];
}

/** Index just past the string that opens at `at`, or -1 when it never closes. */
function stringEnd(text: string, at: number): number {
  for (let quote = text.indexOf('"', at + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return -1;
}

interface Found {
  /** The array's "[" and just past its "]". */
  open: number;
  close: number;
  /** Each element's [start, end) in the text. */
  elements: [number, number][];
}

/** Where the top object's "rules" array and its elements are; null when the text is not so. */
function* scan(text: string): Steps<Found | null> {
  let depth = 0;
  let keyNext = false;
  let key: string | null = null;
  let found: Found | null = null;
  let open: Found | null = null;
  let elementStart = 0;
  let stretch = 0;
  for (let i = 0; i < text.length; i++) {
    if (++stretch === SCAN_STRETCH) {
      stretch = 0;
      yield;
    }
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return null;
      if (depth === 1 && keyNext) {
        key = JSON.parse(text.slice(i, end)) as string;
        keyNext = false;
        // A second "rules" key would win over the array found (JSON.parse keeps the last).
        if (key === "rules" && found) return null;
      }
      i = end - 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth === 1 && c !== OPEN_OBJECT) return null;
      if (depth === 1) keyNext = true;
      if (depth === 2 && c === OPEN_ARRAY && key === "rules") {
        open = { open: i, close: -1, elements: [] };
        elementStart = i + 1;
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth === 2 && open && c === CLOSE_ARRAY) {
        const last = text.slice(elementStart, i);
        if (open.elements.length > 0 || last.trim() !== "") open.elements.push([elementStart, i]);
        found = { ...open, close: i + 1 };
        open = null;
      }
      depth--;
      if (depth < 0) return null;
    } else if (c === COMMA) {
      if (depth === 1) keyNext = true;
      if (depth === 2 && open) {
        open.elements.push([elementStart, i]);
        elementStart = i + 1;
      }
    }
  }
  return depth === 0 ? found : null;
}

/** The file's parts (see RulesText), or null: the caller parses the text whole. */
export function* rulesText(text: string): Steps<RulesText | null> {
  const found = yield* scan(text);
  if (!found) return null;
  try {
    const top: unknown = JSON.parse(text.slice(0, found.open) + "[]" + text.slice(found.close));
    if (top === null || typeof top !== "object" || Array.isArray(top)) return null;
    const rules: unknown[] = [];
    for (const [start, end] of found.elements) {
      rules.push(JSON.parse(text.slice(start, end)));
      yield;
    }
    return { top: top as Record<string, unknown>, rules };
  } catch {
    return null;
  }
}

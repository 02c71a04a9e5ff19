// The spec's export helper for plain objects (the lap table): nested objects
// become dotted column names, the header is the union of every record's keys
// (in first-seen order), missing values are empty, strings are quoted.
import { formatBoolean, headerLine, quoteString } from "./csvCells";

type FlatRecord = Record<string, string | number | boolean | null | undefined>;

export function flattenRecord(value: unknown, prefix = "", out: FlatRecord = {}): FlatRecord {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    if (prefix) out[prefix] = value === null || value === undefined ? null : (value as string);
    return out;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === "object" && !Array.isArray(child))
      flattenRecord(child, path, out);
    else if (Array.isArray(child)) out[path] = JSON.stringify(child);
    else out[path] = child as FlatRecord[string];
  }
  return out;
}

export function unionHeader(records: readonly FlatRecord[]): string[] {
  const seen = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) seen.add(key);
  return [...seen];
}

function cell(value: FlatRecord[string]): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return formatBoolean(value);
  return quoteString(String(value));
}

/** CSV text (CRLF-free, "\n" line ends) for any list of plain objects. */
export function objectsToCsv(objects: readonly unknown[]): string {
  const records = objects.map((o) => flattenRecord(o));
  const header = unionHeader(records);
  const lines = [headerLine(header)];
  for (const record of records) lines.push(header.map((key) => cell(record[key])).join(","));
  return lines.join("\n") + "\n";
}

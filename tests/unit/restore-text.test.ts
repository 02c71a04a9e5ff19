// The status bar's words while a reload restores the recorded day.
import { describe, expect, it } from "vitest";
import type { RestoreProgress } from "../../workers/contract/sessions";
import { restoreText } from "../../src/ui/format/sessionFormat";

const progress = (patch: Partial<RestoreProgress>): RestoreProgress => ({
  phase: "full",
  previewRows: 0,
  rows: 0,
  total: 0,
  firstPictureMs: null,
  dayPictureMs: null,
  doneMs: null,
  ...patch,
});

describe("restoreText", () => {
  it("says the summary is shown and how much of the full detail is in, until it is done", () => {
    expect(restoreText(progress({ phase: "preview" }))).toBe("Restoring the recorded day…");
    expect(restoreText(progress({ phase: "newest", previewRows: 900 }))).toBe(
      "Restoring the recorded day: its last minutes shown, one row a second; the rest coming",
    );
    expect(restoreText(progress({ previewRows: 32_400, rows: 81_000, total: 324_000 }))).toBe(
      "Restoring the recorded day: one row a second shown, full detail 25 %",
    );
    expect(restoreText(progress({ rows: 323_999, total: 324_000 }))).toBe(
      "Restoring the recorded day: 99 %",
    );
    expect(restoreText(progress({ phase: "done", rows: 324_000, total: 324_000 }))).toBeNull();
    expect(restoreText(null)).toBeNull();
  });
});

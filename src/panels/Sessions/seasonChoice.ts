// Which recorded sessions a season's export takes: all, those overlapping the
// tab's date range, or those picked in the table. Pure, unit-tested.
import type { SessionInfo } from "../../../workers/contract/sessions";

export type SeasonChoice = "all" | "range" | "picked";

export function chooseSessions(
  sessions: readonly SessionInfo[],
  choice: SeasonChoice,
  range: { from: number; to: number } | null,
  picked: ReadonlySet<string>,
): SessionInfo[] {
  const recorded = sessions.filter((s) => s.packets > 0);
  switch (choice) {
    case "all":
      return recorded;
    case "range":
      return range
        ? recorded.filter((s) => s.lastPacketTime >= range.from && s.firstPacketTime <= range.to)
        : [];
    case "picked":
      return recorded.filter((s) => picked.has(s.id));
  }
}

// The backend's wire generations (PROTOCOL.md "More of the real server"), one
// entry each, oldest first. Inside the dashboard (schema, history, catalog,
// CSV) every field keeps the protocol table's name, which is 2026-01's; a
// newer generation lists the packet fields its wire spells otherwise. The
// edges where wire packets enter (NetworkSource, backend replay, CSV import)
// read through this table (generationTable.ts), so the next generation is one
// more entry here, not a change at each edge.
import type { BackendGeneration } from "../../contract/laps";

export interface GenerationEntry {
  name: BackendGeneration;
  /**
   * A wire path this generation's packets have and older generations' do not;
   * also what diagnostics cites as the evidence. Checked newest first.
   */
  recognisedBy: string;
  /** Packet fields this generation spells otherwise: wire path → internal path (same group). */
  renames: Readonly<Record<string, string>>;
}

export const BACKEND_GENERATIONS: readonly GenerationEntry[] = [
  // The protocol table's spelling, typo included: the internal names.
  { name: "2026-01", recognisedBy: "B3.HeadightsSwitchInput", renames: {} },
  {
    name: "2026-06",
    recognisedBy: "B3.HeadlightsSwitchInput",
    renames: { "B3.HeadlightsSwitchInput": "B3.HeadightsSwitchInput" },
  },
];

/**
 * The two generations as the code tells them apart beyond their packets'
 * spelling (PROTOCOL.md "More of the real server"). The first, the
 * protocol's own: nested lap records, /firstAndLastPacket in seconds, a new
 * finish line answered by broadcast only. The second: flat lap records, times
 * in milliseconds, a new finish line acknowledged. A later generation is
 * another entry above; these keep their meaning.
 */
export const FIRST_GENERATION: BackendGeneration = BACKEND_GENERATIONS[0]!.name;
export const SECOND_GENERATION: BackendGeneration = BACKEND_GENERATIONS[1]!.name;

// The laps' live part (pipeline/Feature.ts), one per core: the sector lines
// every window's lap tables are cut with. The UI saves them in the browser
// and sends them at start; a change by one window is told to the others.
import type { SharedSettings } from "../../../contract/windows";
import type { SectorLine } from "../../../contract/lapAnalysis";
import type { LivePart } from "../../pipeline/Feature";
import { checkSectorLines } from "./sectors";

export class SectorDesk implements LivePart {
  private current: SectorLine[] = [];
  /** Moves with every change, so a window's lap tables know to take the new lines. */
  version = 0;

  get lines(): readonly SectorLine[] {
    return this.current;
  }

  /** Takes the lines whole, or refuses them with the reason (nothing changes). */
  set(lines: unknown): { ok: true } | { ok: false; message: string } {
    const checked = checkSectorLines(lines);
    if (!checked.ok) return checked;
    this.current = checked.lines;
    this.version++;
    return { ok: true };
  }

  sharedSettings(): Partial<SharedSettings> {
    return { sectorLines: this.current.map((line) => ({ ...line })) };
  }
}

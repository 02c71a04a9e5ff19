// What the worker knows about the backend: which generation it speaks (from
// the first thing that tells them apart: the headlights field's spelling, a
// lap record's shape, an acknowledged setLapCoords) and the latest raceInfo.
// State, so it travels in every snapshot.
import type { BackendState } from "../../contract/connection";
import type { BackendGeneration, RaceInfo } from "../../contract/laps";

export const NO_BACKEND_STATE: BackendState = {
  generation: null,
  generationEvidence: "",
  raceInfo: null,
};

export type EvidenceKind = "packet" | "GET /laps" | "lapData" | "setLapCoords";

export class BackendInfo {
  private state: BackendState = { ...NO_BACKEND_STATE };
  /** The latest sign of each kind, e.g. packet → "B3.HeadlightsSwitchInput (2026-06)". */
  private readonly evidence = new Map<EvidenceKind, string>();

  /** A new sign of the generation; the latest sign wins (a backend may be swapped). */
  noteGeneration(generation: BackendGeneration | null, kind: EvidenceKind, what: string): void {
    if (!generation) return;
    const text = `${what} (${generation})`;
    if (this.state.generation === generation && this.evidence.get(kind) === text) return;
    this.evidence.set(kind, text);
    const generationEvidence = [...this.evidence].map(([k, v]) => `${k}: ${v}`).join("; ");
    this.state = { ...this.state, generation, generationEvidence };
  }

  setRaceInfo(raceInfo: RaceInfo): void {
    this.state = { ...this.state, raceInfo };
  }

  /** Another backend address: nothing known yet. */
  reset(): void {
    this.state = { ...NO_BACKEND_STATE };
    this.evidence.clear();
  }

  snapshot(): BackendState {
    return { ...this.state };
  }
}

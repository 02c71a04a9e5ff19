// What the worker knows about the backend: which generation it speaks (from
// the first thing that tells them apart: the headlights field's spelling, a
// lap record's shape, an acknowledged setLapCoords) and the latest raceInfo.
// State, so it travels in every snapshot.
import type { BackendState } from "../../contract/connection";
import type { BackendGeneration, RaceInfo } from "../../contract/laps";
import { NO_BACKEND_STATE } from "../store/noBackend";

export type EvidenceKind = "packet" | "GET /laps" | "lapData" | "setLapCoords";

export class BackendInfo {
  private state: BackendState = { ...NO_BACKEND_STATE };
  /** The latest sign of each kind, e.g. packet → B3.HeadlightsSwitchInput of 2026-06. */
  private readonly evidence = new Map<
    EvidenceKind,
    { generation: BackendGeneration; what: string }
  >();

  /**
   * A new sign of the generation; the latest sign wins (a backend may be
   * swapped). Called for every backend packet: a sign already known costs
   * two comparisons and builds nothing.
   */
  noteGeneration(generation: BackendGeneration | null, kind: EvidenceKind, what: string): void {
    if (!generation) return;
    const known = this.evidence.get(kind);
    if (
      this.state.generation === generation &&
      known?.generation === generation &&
      known.what === what
    )
      return;
    this.evidence.set(kind, { generation, what });
    const generationEvidence = [...this.evidence]
      .map(([k, v]) => `${k}: ${v.what} (${v.generation})`)
      .join("; ");
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

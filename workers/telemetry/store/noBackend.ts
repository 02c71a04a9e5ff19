// What a history says of the backend before anything is known of it: no
// generation, no raceInfo. The store's default; the core's BackendInfo starts
// from it and fills it in (service/backendInfo.ts).
import type { BackendState } from "../../contract/connection";

export const NO_BACKEND_STATE: BackendState = {
  generation: null,
  generationEvidence: "",
  raceInfo: null,
};

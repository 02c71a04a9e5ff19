// The map's track request the track tests share: the whole history, every point.
import type { TrackRequest } from "../../workers/contract/track";

export const trackRequest = (patch: Partial<TrackRequest> = {}): TrackRequest => ({
  colorField: "MotorDetails0.VehicleVelocity",
  units: "metric",
  toleranceDeg: 0,
  maxPoints: 100_000,
  from: null,
  to: null,
  ...patch,
});

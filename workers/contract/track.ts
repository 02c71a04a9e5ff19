import type { NoteColour } from "./notes";
import type { AlertSeverity } from "./alerts";
import type { AppUnits, FieldPath } from "./fields";

export interface TrackRequest {
  /** Numeric field the trail is coloured by (speed by default). */
  colorField: FieldPath;
  units: AppUnits;
  /** A point closer than this (degrees) to the last kept one is dropped: about a screen pixel. */
  toleranceDeg: number;
  /** Upper bound on points the map draws (the screen's budget). */
  maxPoints: number;
  /** Packet-time window (epoch seconds); null = the whole history. */
  from: number | null;
  to: number | null;
  /**
   * The end of the trail the map already draws (same field, units and zoom):
   * the answer is then only the new tail, unless the trail must be redrawn whole.
   */
  after?: TrackCursor | null;
}

/** Where the map's trail ends, sent back so the worker can answer with the tail only. */
export interface TrackCursor {
  /** Packet time and position of the map's last point. */
  time: number;
  lat: number;
  long: number;
  /** Points the map draws, and the source points they stand for. */
  count: number;
  sourcePoints: number;
  /** Thinning and colour range the trail was built with (from the last whole answer). */
  toleranceDeg: number;
  min: number | null;
  max: number | null;
}

/** A value shown when hovering the trail: one column per point, in display units. */
export interface TrackDetail {
  path: FieldPath;
  label: string;
  unit: string;
  values: Float64Array;
}

export interface TrackResult {
  /** false: the whole trail (replace); true: only points after the request's cursor (append). */
  tail: boolean;
  /** Columns of the downsampled trail (NaN row = a break); buffers are transferred. */
  time: Float64Array;
  lat: Float64Array;
  long: Float64Array;
  /** colorField at each point, in display units (NaN = none). */
  value: Float64Array;
  /** The main fields at each point (speed, pack power, voltage, current, MPPT power). */
  details: TrackDetail[];
  unit: string;
  label: string;
  /** The colour range, rounded outward to a round step so a new tail rarely leaves it. */
  min: number | null;
  max: number | null;
  /** The thinning actually used (coarser than asked when the trail is over budget). */
  toleranceDeg: number;
  /** Points with a GPS fix in the window before downsampling. */
  sourcePoints: number;
  /** Where each lap (of the lap table) ended, if it falls in the window. */
  lapMarks: { time: number; lat: number; long: number; lap: number }[];
  /** Where the shown history's alerts in the window started (those with a GPS fix then). */
  alertPins?: AlertPin[];
  /** Where the shown history's notes in the window were made (those with a GPS fix then). */
  notePins?: NotePin[];
}

/** A note on the map: where the car was at its moment (or its range's start). */
export interface NotePin {
  id: string;
  time: number;
  lat: number;
  long: number;
  colour: NoteColour;
  text: string;
}

/** An alert's start on the map: the car's position at that packet time. */
export interface AlertPin {
  seq: number;
  time: number;
  lat: number;
  long: number;
  severity: AlertSeverity;
  message: string;
}

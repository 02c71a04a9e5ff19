// What the pack's cells and fault flags are built from: a part of the simulated
// car's state (carState.ts) of its own, since the fault episodes the state
// holds are built from it too (no import cycle through the state).

/** The pack as the simulator holds it; mutated in place by the simulator. */
export interface PackReadings {
  soc: number;
  packVoltage: number;
  packCurrent: number;
  packTemp: number;
  cellOffsets: Float64Array;
  thermistorOffsets: Float64Array;
}

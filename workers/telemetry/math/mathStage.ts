// The math channels as an ingest stage (pipeline/Stage.ts): each history
// runs the registry's compiled program on every packet, with its own state
// for the time functions (deriv, integ, avg, lag). When the set changes, a
// history's values are computed again by a MathRecompute (recompute.ts),
// which hands the new program and its state to the stage once it has caught
// up with the rows that arrived meanwhile; until then the stage writes gaps.
import type { Stage } from "../pipeline/Stage";
import { needsFloat64 } from "../history/precision";
import { NUMERIC_FIELDS } from "../schema/fields";
import { SLOT_COLUMNS } from "./channelSlots";
import { CHANNELS } from "./channelRegistry";
import type { ChannelProgram, ProgramState } from "./compileChannels";

// Inputs are packet fields (a channel's own output is never an input).
const STORED_NUMERIC_PATHS = NUMERIC_FIELDS;

export interface MathStageState {
  /** The program this history runs; null while a recompute catches up (or no channels). */
  program: ChannelProgram | null;
  state: ProgramState | null;
  /** The program's inputs that the history stores as Float32 (see step). */
  float32Inputs: Int32Array;
}

/** The inputs of `program` stored in Float32 columns. */
export function float32Inputs(program: ChannelProgram | null): Int32Array {
  return Int32Array.from(
    (program?.inputs ?? []).filter((field) => !needsFloat64(STORED_NUMERIC_PATHS[field] ?? "")),
  );
}

/** Puts a program (and a state for it) in a history's stage state. */
export function install(
  target: MathStageState,
  program: ChannelProgram | null,
  state: ProgramState | null = program ? program.createState() : null,
): MathStageState {
  target.program = program;
  target.state = state;
  target.float32Inputs = float32Inputs(program);
  return target;
}

const fresh = (target: MathStageState) => install(target, CHANNELS.program);

export const mathStage: Stage<MathStageState> = {
  name: "math channels",
  columns: SLOT_COLUMNS,
  inputs: [],
  // A replay loads what the current program reads.
  stateInputs: (state) => state.program?.inputs ?? CHANNELS.program?.inputs ?? [],
  createState: () => fresh({ program: null, state: null, float32Inputs: new Int32Array(0) }),
  // A replay, restore or import starts from the current set.
  reset: (state) => void fresh(state),
  step(state, row, bits) {
    if (state.program === null) return; // slots stay NaN: a gap, never an old channel's value
    // Compute from the values as stored, not as the packet carried them: a
    // Float32 column keeps ~7 digits, and a replay, restore or import reads
    // the stored ones. So a channel is the same number whichever way its
    // history was filled.
    const f32 = state.float32Inputs;
    for (let i = 0; i < f32.length; i++) row[f32[i]!] = Math.fround(row[f32[i]!]!);
    state.program.step(state.state!, row, bits);
  },
};

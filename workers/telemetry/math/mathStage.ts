// The math channels as an ingest stage (pipeline/Stage.ts): each history
// runs the registry's compiled program on every packet, with its own state
// for the time functions (deriv, integ, avg, lag). When the set changes, a
// history's values are computed again by a MathRecompute (recompute.ts),
// which hands the new program and its state to the stage once it has caught
// up with the rows that arrived meanwhile; until then the stage writes gaps.
import type { Stage } from "../pipeline/Stage";
import { StoredInputs } from "../history/precision";
import { NUMERIC_FIELDS } from "../schema/fields";
import { SLOT_COLUMNS } from "./channelSlots";
import { CHANNELS } from "./channelRegistry";
import type { ChannelProgram, ProgramState } from "./compileChannels";

// Inputs are packet fields (a channel's own output is never an input).
const STORED_NUMERIC_PATHS = NUMERIC_FIELDS;

interface MathStageState {
  /** The program this history runs; null while a recompute catches up (or no channels). */
  program: ChannelProgram | null;
  state: ProgramState | null;
  /** The program's inputs as stored, in the stage's own row (see step). */
  inputs: StoredInputs;
  /** The program's columns, copied from the stage's row into the shared one. */
  outputs: Int32Array;
}

const storedInputs = (program: ChannelProgram | null) =>
  new StoredInputs(program?.inputs ?? [], (field) => STORED_NUMERIC_PATHS[field] ?? "");

/** Puts a program (and a state for it) in a history's stage state. */
export function install(
  target: MathStageState,
  program: ChannelProgram | null,
  state: ProgramState | null = program ? program.createState() : null,
): MathStageState {
  target.program = program;
  target.state = state;
  target.inputs = storedInputs(program);
  target.outputs = Int32Array.from(program?.outputs ?? []);
  return target;
}

const fresh = (target: MathStageState) => install(target, CHANNELS.program);

export const mathStage: Stage<MathStageState> = {
  name: "math channels",
  columns: SLOT_COLUMNS,
  // A slot is shown under the name of the channel it holds now.
  names: CHANNELS,
  inputs: [],
  // A replay loads what the current program reads.
  stateInputs: (state) => state.program?.inputs ?? CHANNELS.program?.inputs ?? [],
  createState: () =>
    fresh({ program: null, state: null, inputs: storedInputs(null), outputs: new Int32Array(0) }),
  // A replay, restore or import starts from the current set.
  reset: (state) => void fresh(state),
  step(state, row, bits) {
    if (state.program === null) return; // slots stay NaN: a gap, never an old channel's value
    // Compute from the values as stored, not as the packet carried them: a
    // Float32 column keeps ~7 digits, and a replay, restore or import reads
    // the stored ones. So a channel is the same number whichever way its
    // history was filled. The rounding happens in the stage's own row: the
    // shared row keeps the packet's values for the stages after this one.
    const own = state.inputs.read(row);
    state.program.step(state.state!, own, bits);
    const outputs = state.outputs;
    for (let i = 0; i < outputs.length; i++) row[outputs[i]!] = own[outputs[i]!]!;
  },
};

// Whether a list of stages runs in an order their declarations allow: a stage
// that reads another stage's columns (its `inputs`) runs after that stage, so
// the row holds this packet's values when it reads them. Checked by a test
// over the registered stages (tests/unit/stage-order.test.ts), never when a
// module is imported. A stage reads what it declares (Stage.inputs), and
// nothing else: an input that neither the packet nor a stage stores is named
// too (the pipeline would refuse it when a history is made).
import { NUMERIC_FIELDS } from "../schema/fields";
import type { Stage } from "./Stage";

const PACKET_NUMBERS: ReadonlySet<string> = new Set(NUMERIC_FIELDS);

/** What is wrong with the order of `stages`, in words; empty when nothing is. */
export function stageOrderProblems(stages: readonly Stage[]): string[] {
  const writer = new Map<string, number>();
  stages.forEach((stage, s) => stage.columns.forEach((info) => writer.set(info.path, s)));
  const problems: string[] = [];
  stages.forEach((stage, s) => {
    for (const input of stage.inputs) {
      const from = writer.get(input);
      if (from === undefined) {
        if (!PACKET_NUMBERS.has(input))
          problems.push(
            `stage "${stage.name}" reads ${input}, which neither the packet nor a stage stores`,
          );
        continue;
      }
      if (from < s) continue;
      const whose = from === s ? "its own column" : `a column of "${stages[from]!.name}"`;
      problems.push(`stage "${stage.name}" reads ${input}, ${whose}, which is written after it`);
    }
  });
  return problems;
}

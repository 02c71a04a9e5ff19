// The worker's problems with the expression, each with its place marked in
// the text when it has one.
import type { ChannelProblem } from "../../../workers/contract/math";
import { markProblem } from "./channelForm";

export function ExpressionProblems({
  expression,
  problems,
}: {
  expression: string;
  problems: readonly ChannelProblem[];
}) {
  if (problems.length === 0) return null;
  return (
    <ul className="helios-math-problems" data-testid="math-problems">
      {problems.map((problem, index) => {
        const mark = markProblem(expression, problem);
        return (
          <li key={index}>
            {problem.message}
            {mark && (
              <code className="helios-math-marked" data-testid="math-problem-place">
                {mark.before}
                <mark>{mark.marked}</mark>
                {mark.after}
              </code>
            )}
          </li>
        );
      })}
    </ul>
  );
}

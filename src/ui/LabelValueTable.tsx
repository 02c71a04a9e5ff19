// A compact two-column table of labelled values (diagnostics, position, ...).
import { HTMLTable } from "@blueprintjs/core";

/** [label, value as shown, test id of the value cell] */
export type LabelValueRow = [label: string, value: string, testId: string];

interface LabelValueTableProps {
  rows: LabelValueRow[];
  striped?: boolean;
  /** Long values wrap within the table's width (a dialog's), rather than widen it. */
  wrapValues?: boolean;
}

export function LabelValueTable({ rows, striped, wrapValues }: LabelValueTableProps) {
  return (
    <HTMLTable compact striped={striped} className="helios-wide-table">
      <tbody>
        {rows.map(([label, value, testId]) => (
          <tr key={label}>
            <td>{label}</td>
            <td
              className={wrapValues ? "helios-num helios-wrap-value" : "helios-num"}
              data-testid={testId}
            >
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

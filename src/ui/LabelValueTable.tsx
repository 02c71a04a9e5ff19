// A compact two-column table of labelled values (diagnostics, position, ...).
import { HTMLTable } from "@blueprintjs/core";

/** [label, value as shown, test id of the value cell] */
export type LabelValueRow = [label: string, value: string, testId: string];

export function LabelValueTable({ rows, striped }: { rows: LabelValueRow[]; striped?: boolean }) {
  return (
    <HTMLTable compact striped={striped} className="helios-wide-table">
      <tbody>
        {rows.map(([label, value, testId]) => (
          <tr key={label}>
            <td>{label}</td>
            <td className="helios-num" data-testid={testId}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

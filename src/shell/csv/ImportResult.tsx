// What an import did: its message, notes and the first failing rows. Row
// reasons quote the file's cells: rendered as text only.
import { Callout, HTMLTable } from "@blueprintjs/core";
import type { CsvImportReport } from "../../../workers/contract/csv";

export function ImportResult({ report }: { report: CsvImportReport }) {
  return (
    <Callout
      intent={report.ok ? (report.rowsFailed > 0 ? "warning" : "success") : "danger"}
      title={report.ok ? "Imported" : "Not imported"}
      data-testid="csv-import-result"
    >
      <p>{report.message}</p>
      {report.notes.length > 0 && (
        <ul className="csv-notes">
          {report.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {report.failures.length > 0 && (
        <HTMLTable compact className="csv-failures" data-testid="csv-import-failures">
          <thead>
            <tr>
              <th>Row</th>
              <th>Reason</th>
            </tr>
          </thead>
          <tbody>
            {report.failures.map((f) => (
              <tr key={f.row}>
                <td className="helios-num">{f.row}</td>
                <td>{f.reason}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Callout>
  );
}

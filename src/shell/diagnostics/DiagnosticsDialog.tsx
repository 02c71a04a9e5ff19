// Diagnostics: what the worker has accepted and rejected, and how full its
// history is. Rejection reasons come from outside (the car): rendered as text.
import { Callout, Classes, Dialog, DialogBody, HTMLTable } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { BackendState, ConnectionState, Counters } from "../../../workers/contract/connection";
import { appState } from "../../state/appState";
import { useLiveStatusPart } from "../../worker-client/hooks";
import { dialogs } from "../dialogs";
import {
  formatBytes,
  formatHistoryFill,
  formatRate,
  formatTransport,
  formatUpgradeFallback,
} from "../../ui/format/statusFormat";
import { EmptyState } from "../../ui/EmptyState";
import { DialogHeading } from "../../ui/headings";
import { LongText } from "../../ui/LongText";
import { LabelValueTable, type LabelValueRow } from "../../ui/LabelValueTable";
import { plotRefreshText } from "../../ui/format/plotRefreshText";
import { formatDateTimeNamed, formatTime, zoneShortName } from "../../ui/format/dateTime";
import { appUpdate, appVersionText, BUILT_AT_MS } from "../offline/appUpdate";
import { formatPollReading } from "./pollReadingText";
import { formatWindows } from "../../ui/format/windowsFormat";

/** The plots' live refresh cadence, read twice a second while the dialog is open. */
function usePlotRefresh(): string {
  const read = () => plotRefreshText(window.__heliosPlotStats);
  const [text, setText] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => setText(read()), 500);
    return () => clearInterval(timer);
  }, []);
  return text;
}

interface CountersTableProps {
  counters: Counters;
  backend?: BackendState;
  connection?: ConnectionState;
}

function CountersTable({ counters, backend, connection }: CountersTableProps) {
  const plotRefresh = usePlotRefresh();
  const windows = useLiveStatusPart("windows");
  const { webSocketUpgrade } = useSnapshot(appState);
  const update = useSnapshot(appUpdate);
  // Said only when the upgrade failed: why this backend stays on long-polling.
  const fallback = formatUpgradeFallback(connection, webSocketUpgrade);
  const fallbackRows: LabelValueRow[] = fallback
    ? [["WebSocket upgrade", fallback, "diag-upgrade-fallback"]]
    : [];
  const rows: LabelValueRow[] = [
    ["Backend transport", formatTransport(connection, webSocketUpgrade), "diag-transport"],
    ...fallbackRows,
    ["Long-polling answers", formatPollReading(connection?.pollReading), "diag-poll-reading"],
    [
      "Backend generation",
      backend?.generation
        ? `${backend.generation} (${backend.generationEvidence})`
        : "not known yet (no backend data seen)",
      "diag-generation",
    ],
    ["Accepted packets", counters.accepted.toLocaleString("en-US"), "diag-accepted"],
    ["Rejected packets", counters.rejected.toLocaleString("en-US"), "diag-rejected"],
    [
      "Rejected events (latency, lap data, lap coordinates)",
      counters.rejectedEvents.toLocaleString("en-US"),
      "diag-rejected-events",
    ],
    ["Packet rate", formatRate(counters.packetRate), "diag-rate"],
    [
      "History fill",
      formatHistoryFill(counters.historyLength, counters.historyCapacity),
      "diag-history",
    ],
    ["Worker memory (history rings)", formatBytes(counters.historyBytes), "diag-memory"],
    ["Plot refresh", plotRefresh, "diag-plot-refresh"],
    ["Windows", formatWindows(windows), "diag-windows"],
    [
      "App version",
      appVersionText(update, formatDateTimeNamed(BUILT_AT_MS / 1000)),
      "diag-app-version",
    ],
  ];
  return <LabelValueTable rows={rows} striped wrapValues />;
}

function RejectionList({ counters }: { counters: Counters }) {
  if (counters.recentRejections.length === 0) return <p>No packet or event has been rejected.</p>;
  return (
    <HTMLTable compact className="helios-wide-table" data-testid="diag-rejections">
      <thead>
        <tr>
          <th>Time ({zoneShortName()})</th>
          <th>Source</th>
          <th>Reason</th>
        </tr>
      </thead>
      <tbody>
        {counters.recentRejections.map((rejection, index) => (
          <tr key={`${rejection.at}-${index}`}>
            <td>{formatTime(rejection.at / 1000)}</td>
            <td>{rejection.source}</td>
            <td className={`${Classes.MONOSPACE_TEXT} helios-wrap-value`}>
              <LongText text={rejection.reason} max={160} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function DiagnosticsDialog() {
  const { diagnostics } = useSnapshot(dialogs);
  return (
    <Dialog
      isOpen={diagnostics}
      onClose={() => (dialogs.diagnostics = false)}
      title="Diagnostics"
      icon="pulse"
      style={{ width: 640 }}
    >
      {/* Only while open: the body follows every snapshot (~10 a second). */}
      {diagnostics && <DiagnosticsBody />}
    </Dialog>
  );
}

function DiagnosticsBody() {
  const counters = useLiveStatusPart("counters");
  const backend = useLiveStatusPart("backend");
  const connection = useLiveStatusPart("connection");
  // The figures outgrow a short window, and the body then scrolls: it takes
  // the focus so a keyboard can scroll it too (axe: scrollable-region-focusable).
  return (
    <DialogBody tabIndex={0} role="region" aria-label="Diagnostics figures">
      {counters ? (
        <>
          <CountersTable counters={counters} backend={backend} connection={connection} />
          <DialogHeading className="helios-dialog-heading">Last rejection reasons</DialogHeading>
          <RejectionList counters={counters} />
          <Callout compact intent="none" icon="info-sign">
            Worker memory is the size of the history rings the worker reports: performance.memory
            only measures the main thread, not the worker.
          </Callout>
        </>
      ) : (
        <EmptyState in="dialog" icon="time" title="Waiting for the first snapshot" />
      )}
    </DialogBody>
  );
}

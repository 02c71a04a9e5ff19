// Adds laps of another recorded session to the comparison: pick a session,
// then tick its laps (filtered by driver). The laps come from the session's
// recorded lap events (sessionLapSpans); their rows are read only when compared.
import { Callout, Checkbox, HTMLSelect, HTMLTable } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { LapSpan } from "../../../../workers/contract/lapAnalysis";
import type { SessionInfo } from "../../../../workers/contract/sessions";
import { lapCompare, sameLap, togglePicked } from "../../../state/lapCompare";
import { formatLapTime } from "../../../ui/format/lapFormat";
import { useTelemetry } from "../../../worker-client/hooks";

const ALL = "";

export function SessionLapsPicker() {
  const { client } = useTelemetry();
  const { picked } = useSnapshot(lapCompare);
  const [sessions, setSessions] = useState<SessionInfo[]>([]);
  const [sessionId, setSessionId] = useState(ALL);
  const [laps, setLaps] = useState<LapSpan[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [driver, setDriver] = useState(ALL);
  useEffect(() => {
    void client.api.listSessions().then(setSessions, () => setSessions([]));
  }, [client]);
  useEffect(() => {
    setLaps([]);
    setProblem(null);
    if (sessionId === ALL) return;
    let current = true;
    void client.api.sessionLapSpans(sessionId).then((answer) => {
      if (!current) return;
      if (Array.isArray(answer)) {
        setLaps(answer);
        if (answer.length === 0) setProblem("No laps were recorded with this session.");
      } else setProblem(answer.message);
    });
    return () => void (current = false);
  }, [client, sessionId]);
  const name = sessions.find((s) => s.id === sessionId)?.name ?? "";
  const drivers = [...new Set(laps.map((lap) => lap.driver))];
  const shown = driver === ALL ? laps : laps.filter((lap) => lap.driver === driver);
  return (
    <div className="helios-compare-sessions" data-testid="compare-session-picker">
      <div className="helios-compare-row">
        <HTMLSelect
          aria-label="Recorded session"
          data-testid="compare-session"
          value={sessionId}
          onChange={(event) => setSessionId(event.currentTarget.value)}
          options={[
            { value: ALL, label: "Choose a recorded session…" },
            ...sessions.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
        {drivers.length > 1 && (
          <HTMLSelect
            aria-label="Driver"
            value={driver}
            onChange={(event) => setDriver(event.currentTarget.value)}
            options={[
              { value: ALL, label: "All drivers" },
              ...drivers.map((d) => ({ value: d, label: d })),
            ]}
          />
        )}
      </div>
      {problem && (
        <Callout compact intent="warning" data-testid="compare-session-problem">
          {problem}
        </Callout>
      )}
      {shown.length > 0 && (
        <HTMLTable compact className="helios-compare-session-laps">
          <tbody>
            {shown.map((lap) => {
              const label = [`Lap ${lap.number}`, formatLapTime(lap.lapTimeS), lap.driver, name]
                .filter(Boolean)
                .join(" · ");
              return (
                <tr key={lap.start} data-testid="compare-session-lap">
                  <td>
                    <Checkbox
                      aria-label={`Compare ${label}`}
                      checked={picked.some((p) => sameLap(p.key, lap.key))}
                      onChange={() =>
                        togglePicked({
                          key: lap.key,
                          label,
                          lapTimeS: lap.lapTimeS,
                          counts: lap.flags.length === 0,
                        })
                      }
                      labelElement={<span>{label}</span>}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}

// The strategy settings as a form: the pack's capacity (Ah at a nominal
// voltage, or Wh), the target, the battery protection (where the car stops
// and drives again), the weather factor, the array's rating (may be left
// empty), the time zone and the race day (start, end, planned stops,
// charging windows), the race's days, named as the worker's
// refusals name them (workers/shared/strategySettingNames.ts). The worker
// checks them whole: taken settings are saved in the browser, refused ones
// change nothing and the reasons are shown.
import { Button, Callout, Card, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { PlannedStop, StrategySettings } from "../../../workers/contract/strategy";
import { SETTING_NAMES } from "../../../workers/shared/strategySettingNames";
import { applyStrategySettings, strategySettingsRestored } from "../../actions/strategyActions";
import { sharedSettingsRevision } from "../../state/sharedSettingsRevision";
import { PanelHeading } from "../../ui/headings";
import { useTelemetry } from "../../worker-client/hooks";
import { NumberField, OptionalNumberField, TimeField, WindowField } from "./StrategyFields";
import { RaceDaysField } from "./RaceDaysField";

export function StrategySettingsForm() {
  const { client } = useTelemetry();
  const [draft, setDraft] = useState<StrategySettings | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    let alive = true;
    // After the start's saved settings reached the worker, so the form shows those.
    void strategySettingsRestored(client)
      .then(() => client.api.strategySettings())
      .then(
        (settings) => alive && setDraft(settings),
        () => {},
      );
    return () => {
      alive = false;
    };
  }, [client]);

  // Another window saved settings: the form shows them (its unsaved edits
  // give way, so a save here never writes back the older settings).
  const { strategy: settingsRevision } = useSnapshot(sharedSettingsRevision);
  useEffect(() => {
    if (settingsRevision === 0) return;
    let alive = true;
    client.api.strategySettings().then(
      (settings) => {
        if (!alive) return;
        setDraft(settings);
        setResult({ ok: true, message: "Another window changed these settings: shown as saved." });
      },
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [settingsRevision, client]);

  if (!draft) return null;
  const set = (patch: Partial<StrategySettings>) => setDraft({ ...draft, ...patch });
  const schedule = (patch: Partial<StrategySettings["schedule"]>) =>
    set({ schedule: { ...draft.schedule, ...patch } });
  const setStop = (i: number, patch: Partial<PlannedStop>) =>
    schedule({ stops: draft.schedule.stops.map((s, k) => (k === i ? { ...s, ...patch } : s)) });
  const capacity = draft.capacity;

  const save = async () => {
    const answer = await applyStrategySettings(client, draft);
    setResult(
      answer.ok ? { ok: true, message: "Saved: the forecast uses these settings." } : answer,
    );
  };

  return (
    <Card className="helios-strategy-settings" aria-label="Strategy settings">
      <PanelHeading className="helios-card-heading">Settings</PanelHeading>
      <div className="helios-strategy-form">
        <label className="helios-strategy-field">
          <span>{SETTING_NAMES.capacityKind}</span>
          <HTMLSelect
            value={capacity.kind}
            data-testid="strategy-capacity-kind"
            onChange={(e) =>
              set({
                capacity:
                  e.target.value === "Wh"
                    ? {
                        kind: "Wh",
                        wh:
                          capacity.kind === "Ah"
                            ? Math.round(capacity.ah * capacity.nominalV)
                            : capacity.wh,
                      }
                    : { kind: "Ah", ah: 40, nominalV: 115.2 },
              })
            }
          >
            <option value="Ah">Ah at a nominal voltage</option>
            <option value="Wh">Wh</option>
          </HTMLSelect>
        </label>
        {capacity.kind === "Ah" ? (
          <>
            <NumberField
              label="Capacity"
              unit="Ah"
              value={capacity.ah}
              testId="strategy-ah"
              onChange={(ah) => set({ capacity: { ...capacity, ah } })}
            />
            <NumberField
              label={SETTING_NAMES.nominalV}
              unit="V"
              value={capacity.nominalV}
              testId="strategy-volts"
              onChange={(nominalV) => set({ capacity: { ...capacity, nominalV } })}
            />
          </>
        ) : (
          <NumberField
            label="Capacity"
            unit="Wh"
            value={capacity.wh}
            testId="strategy-wh"
            onChange={(wh) => set({ capacity: { kind: "Wh", wh } })}
          />
        )}
        <NumberField
          label={SETTING_NAMES.targetSocPct}
          unit="%"
          value={draft.targetSocPct}
          testId="strategy-target"
          onChange={(targetSocPct) => set({ targetSocPct })}
        />
        <NumberField
          label={SETTING_NAMES.stopSocPct}
          unit="%"
          value={draft.stopSocPct}
          testId="strategy-stop-soc"
          onChange={(stopSocPct) => set({ stopSocPct })}
        />
        <NumberField
          label={SETTING_NAMES.resumeSocPct}
          unit="%"
          value={draft.resumeSocPct}
          testId="strategy-resume-soc"
          onChange={(resumeSocPct) => set({ resumeSocPct })}
        />
        <NumberField
          label={`${SETTING_NAMES.weatherFactor} (1 = as fitted)`}
          value={draft.weatherFactor}
          testId="strategy-weather"
          onChange={(weatherFactor) => set({ weatherFactor })}
        />
        <OptionalNumberField
          label={`${SETTING_NAMES.arrayRatingW} (W at 1,000 W/m²)`}
          help="From the array's data sheet; empty: learnt from today's array power"
          value={draft.arrayRatingW}
          testId="strategy-array-rating"
          onChange={(arrayRatingW) => set({ arrayRatingW })}
        />
        <label className="helios-strategy-field">
          <span>{SETTING_NAMES.timeZone}</span>
          <InputGroup
            size="small"
            value={draft.timeZone}
            data-testid="strategy-timezone"
            onChange={(e) => set({ timeZone: e.target.value })}
          />
        </label>
        <TimeField
          label={SETTING_NAMES.start}
          value={draft.schedule.start}
          testId="strategy-start"
          onChange={(start) => schedule({ start })}
        />
        <TimeField
          label={SETTING_NAMES.end}
          value={draft.schedule.end}
          testId="strategy-end"
          onChange={(end) => schedule({ end })}
        />
      </div>
      <div className="helios-strategy-stops">
        <span>{SETTING_NAMES.stops}</span>
        {draft.schedule.stops.map((stop, i) => (
          <div key={i} className="helios-strategy-stop" data-testid="strategy-stop">
            <TimeField
              label="at"
              value={stop.at}
              testId={`strategy-stop-at-${i}`}
              onChange={(at) => setStop(i, { at })}
            />
            <NumberField
              label="minutes"
              value={stop.minutes}
              testId={`strategy-stop-minutes-${i}`}
              onChange={(minutes) => setStop(i, { minutes })}
            />
            <label className="helios-strategy-field">
              <span>what</span>
              <InputGroup
                size="small"
                value={stop.label}
                onChange={(e) => setStop(i, { label: e.target.value })}
              />
            </label>
            <Button
              size="small"
              icon="trash"
              aria-label="Remove the stop"
              onClick={() => schedule({ stops: draft.schedule.stops.filter((_, k) => k !== i) })}
            />
          </div>
        ))}
        <Button
          size="small"
          icon="add"
          data-testid="strategy-add-stop"
          onClick={() =>
            schedule({
              stops: [...draft.schedule.stops, { at: "12:00", minutes: 30, label: "Control stop" }],
            })
          }
        >
          Add a stop
        </Button>
      </div>
      <WindowField
        label={SETTING_NAMES.morningCharge}
        value={draft.schedule.morningCharge}
        fallback={{ from: "07:00", to: "09:00" }}
        testId="strategy-morning"
        onChange={(morningCharge) => schedule({ morningCharge })}
      />
      <WindowField
        label={SETTING_NAMES.eveningCharge}
        value={draft.schedule.eveningCharge}
        fallback={{ from: "17:00", to: "19:00" }}
        testId="strategy-evening"
        onChange={(eveningCharge) => schedule({ eveningCharge })}
      />
      <RaceDaysField value={draft.raceDays} onChange={(raceDays) => set({ raceDays })} />
      <Button
        intent="primary"
        icon="floppy-disk"
        data-testid="strategy-save"
        onClick={() => void save()}
      >
        Save settings
      </Button>
      {result && (
        <Callout
          compact
          intent={result.ok ? "success" : "danger"}
          data-testid="strategy-settings-result"
        >
          {result.message}
        </Callout>
      )}
    </Card>
  );
}

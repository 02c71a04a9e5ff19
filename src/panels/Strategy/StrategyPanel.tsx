// The Strategy tab: where the battery will be at the end of the race day and
// the speed that gets there, as the worker forecasts it from the car's own
// telemetry. Big numbers, the state of charge plot (the day so far, the
// forecast with its band, the target, the recorded forecasts), the power
// model and the sun, a speed slider that asks the worker for that scenario,
// the inputs with their sources, the plan over the race's days, a finished
// day's forecasts against what happened, and the settings. The main thread only
// shows what the worker answers.
import { Callout, Card, Slider, Tag } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import { useSnapshot } from "valtio";
import type { AppUnits } from "../../../workers/contract/fields";
import type {
  StrategyForecast,
  StrategyInput,
  StrategyRecord,
} from "../../../workers/contract/strategy";
import { displayUnit, toDisplay } from "../../../workers/shared/units";
import { appState } from "../../state/appState";
import { formatNumber } from "../../ui/format/formatNumber";
import {
  cannotText,
  fitQuality,
  runDownBandText,
  formatDistance,
  formatRaceTime,
  formatSoc,
  formatSpeed,
  inputValueText,
  noRecommendationText,
  recommendedNote,
  untilResumeText,
  packDownText,
} from "../../ui/format/strategyFormat";
import { PanelHeading } from "../../ui/headings";
import { useShownZone } from "../../ui/useShownZone";
import {
  powerPlotData,
  recordsPlotData,
  shownScenario,
  socPlotData,
  solarPlotData,
} from "./plotData";
import { DayReview } from "./DayReview";
import { ForecastNotices } from "./ForecastNotices";
import { StrategyChart, type ChartSeries } from "./StrategyChart";
import { RacePlanCard } from "./RacePlanCard";
import { SkySources } from "./SkySources";
import { StrategySettingsForm } from "./StrategySettingsForm";
import { useStrategy } from "./useStrategy";
import { WeatherCard } from "./WeatherCard";
import "./strategy.css";

/** The slider's range, km/h (a solar car's speeds). */
const SLIDER_MAX_KMH = 120;

const COLORS = {
  history: "#2D72D2",
  forecast: "#C87619",
  band: "rgba(200, 118, 25, 0.18)",
  recommended: "#238551",
  target: "#CD4246",
  records: "#7961DB",
  measured: "#2D72D2",
  fitted: "#C87619",
  weather: "#7961DB",
};

const SOC_SERIES: ChartSeries[] = [
  { label: "So far", color: COLORS.history },
  { label: "Forecast", color: COLORS.forecast, dash: [8, 5] },
  { label: "Band low", color: COLORS.forecast, dash: [2, 4], width: 1 },
  { label: "Band high", color: COLORS.forecast, dash: [2, 4], width: 1 },
  { label: "At the recommended speed", color: COLORS.recommended, dash: [8, 5] },
  { label: "Target", color: COLORS.target, width: 1 },
  { label: "Recorded end-of-day forecasts", color: COLORS.records, points: true },
];

function BigNumber({
  label,
  value,
  testId,
  note,
}: {
  label: string;
  value: string;
  testId: string;
  note?: string;
}) {
  return (
    <Card className="helios-strategy-big" aria-label={label}>
      <div className="helios-strategy-big-label">{label}</div>
      <div className="helios-strategy-big-value" data-testid={testId}>
        {value}
      </div>
      {note && <div className="helios-strategy-big-note">{note}</div>}
    </Card>
  );
}

function BigNumbers({ forecast, units }: { forecast: StrategyForecast; units: AppUnits }) {
  const zone = useShownZone();
  const rec = forecast.recommended;
  const distance = rec.ok ? rec.distanceKm : forecast.current.distanceKm;
  return (
    <div className="helios-strategy-bigs">
      <BigNumber
        label="State of charge now"
        value={formatSoc(forecast.socNowPct)}
        testId="strategy-soc-now"
        {...(forecast.socIntegratedPct !== null
          ? { note: `from the pack current: ${formatSoc(forecast.socIntegratedPct)}` }
          : {})}
      />
      <BigNumber
        label="End of the day, at the current pace"
        value={formatSoc(forecast.current.endSocPct)}
        testId="strategy-end-soc"
        note={
          forecast.current.emptyAt !== null
            ? `${formatSpeed(forecast.current.speedKmh, units)}: ${packDownText(forecast.current.emptyAt, zone, forecast.stopSocPct)}, and the car stops${untilResumeText(forecast)}`
            : `${formatSpeed(forecast.current.speedKmh, units)} until ${formatRaceTime(forecast.endAt, zone)}`
        }
      />
      <BigNumber
        label="Recommended speed"
        value={rec.ok ? formatSpeed(rec.speedKmh, units) : "none"}
        testId="strategy-recommended"
        note={
          rec.ok
            ? recommendedNote(rec, forecast, zone)
            : noRecommendationText(rec, forecast.targetSocPct, units, zone, forecast.stopSocPct)
        }
      />
      <BigNumber
        label={`Pack down to ${formatSoc(forecast.stopSocPct)}, at the current pace`}
        value={
          forecast.current.emptyAt !== null
            ? formatRaceTime(forecast.current.emptyAt, zone)
            : "not today"
        }
        testId="strategy-run-down"
        note={runDownBandText(forecast.current, forecast.endAt, zone)}
      />
      <BigNumber
        label="Distance left today"
        value={formatDistance(distance, units)}
        testId="strategy-distance-left"
        note={rec.ok ? "at the recommended speed" : "at the current pace"}
      />
    </div>
  );
}

function SpeedSlider({
  forecast,
  kmh,
  onChange,
  units,
}: {
  forecast: StrategyForecast | null;
  kmh: number | null;
  onChange: (kmh: number) => void;
  units: AppUnits;
}) {
  const zone = useShownZone();
  const unit = displayUnit("km/h", units);
  const scale = toDisplay(1, "km/h", units);
  const shown = kmh ?? forecast?.current.speedKmh ?? 50;
  const slider = forecast?.slider;
  return (
    <Card className="helios-strategy-slider" aria-label="Speed scenario">
      <PanelHeading className="helios-card-heading">What if we drive at…</PanelHeading>
      <div data-testid="strategy-slider">
        <Slider
          min={0}
          max={Math.round(SLIDER_MAX_KMH * scale)}
          stepSize={1}
          handleHtmlProps={{ "aria-label": `Speed for the scenario, ${unit}` }}
          labelStepSize={Math.round(20 * scale)}
          value={Math.round(shown * scale)}
          onChange={(value) => onChange(value / scale)}
          labelRenderer={(value, opts) =>
            opts?.isHandleTooltip ? `${value} ${unit}` : String(value)
          }
        />
      </div>
      <p data-testid="strategy-slider-result">
        {slider
          ? `At ${formatSpeed(slider.speedKmh, units)}: ${formatSoc(slider.endSocPct)} at the end of the day, ` +
            `${formatDistance(slider.distanceKm, units)}` +
            (slider.emptyAt !== null && forecast
              ? `; ${packDownText(slider.emptyAt, zone, forecast.stopSocPct)}`
              : "")
          : "Move the slider to see the day at another speed."}
      </p>
    </Card>
  );
}

function Inputs({
  forecastInputs,
  units,
}: {
  forecastInputs: readonly StrategyInput[];
  units: AppUnits;
}) {
  if (forecastInputs.length === 0) return null;
  return (
    <Card aria-label="Inputs">
      <PanelHeading className="helios-card-heading">Inputs and where they come from</PanelHeading>
      <table className="helios-strategy-inputs" data-testid="strategy-inputs">
        <tbody>
          {forecastInputs.map((input) => (
            <tr key={input.label}>
              <th scope="row">{input.label}</th>
              <td>{inputValueText(input, units)}</td>
              <td className="helios-strategy-source">{input.source}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Plots({
  forecast,
  records,
  units,
  dark,
}: {
  forecast: StrategyForecast;
  records: StrategyRecord[];
  units: AppUnits;
  dark: boolean;
}) {
  const scale = toDisplay(1, "km/h", units);
  const unit = displayUnit("km/h", units);
  const soc = useMemo(() => socPlotData(forecast, records), [forecast, records]);
  const power = useMemo(() => powerPlotData(forecast, scale), [forecast, scale]);
  const solar = useMemo(() => solarPlotData(forecast), [forecast]);
  const shown = shownScenario(forecast);
  const fit = forecast.power;
  const powerSeries = useMemo<ChartSeries[]>(
    () => [
      { label: "Measured (per window)", color: COLORS.measured, points: true },
      { label: "Fitted", color: COLORS.fitted },
    ],
    [],
  );
  const weather = Boolean(forecast.solar.forecastW);
  const solarSeries = useMemo<ChartSeries[]>(
    () => [
      { label: "Measured", color: COLORS.measured },
      { label: "Expected", color: COLORS.fitted, dash: [8, 5] },
      ...(weather ? [{ label: "Weather forecast", color: COLORS.weather, dash: [3, 3] }] : []),
    ],
    [weather],
  );
  return (
    <div className="helios-strategy-plots">
      <div
        data-testid="strategy-forecast"
        data-end-soc={shown.endSocPct.toFixed(2)}
        data-records={records.length}
      >
        <StrategyChart
          testId="strategy-soc-plot"
          title={`State of charge today (forecast at ${formatSpeed(shown.speedKmh, units)}; its band, about 95 %, allows for the power fit's scatter and the sky)`}
          data={soc}
          series={SOC_SERIES}
          time
          xLabel="Time"
          yLabel="SoC %"
          valueUnit="%"
          dark={dark}
          band={[3, 2]}
          bandColor={COLORS.band}
          legendAt={forecast.at}
        />
      </div>
      <StrategyChart
        testId="strategy-power-plot"
        title={`Power against speed: P = ${formatNumber(fit.a, 0)} + ${formatNumber(fit.b, 1)}·v + ${formatNumber(fit.c, 3)}·v³ W (v in m/s), ${fitQuality(fit, units)}, aux ${formatNumber(fit.auxW, 0)} W`}
        data={power}
        series={powerSeries}
        time={false}
        xLabel={`Speed (${unit})`}
        yLabel="Power W"
        valueUnit="W"
        dark={dark}
        legendAt={shown.speedKmh * scale}
      />
      <div className="helios-strategy-solar">
        <StrategyChart
          testId="strategy-solar-plot"
          title={`Array power: ${formatNumber(forecast.solar.nowW, 0)} W now, clear-sky factor ${formatNumber(forecast.solar.clearSkyFactor, 2)}, ${formatNumber(forecast.solar.skyAheadFactor, 2)} ahead, weather factor ${formatNumber(forecast.solar.weatherFactor, 2)}`}
          data={solar}
          series={solarSeries}
          time
          xLabel="Time"
          yLabel="Array W"
          valueUnit="W"
          dark={dark}
          legendAt={forecast.at}
        />
        <SkySources sources={forecast.solar.sources} />
      </div>
    </div>
  );
}

const RECORD_SERIES: ChartSeries[] = [
  { label: "End of the day, as forecast then", color: COLORS.records, points: true },
  { label: "State of charge then", color: COLORS.history },
];

/** How the recorded forecasts evolved, when there is no forecast to draw them with. */
function RecordsPlot({ records, dark }: { records: StrategyRecord[]; dark: boolean }) {
  const data = useMemo(() => recordsPlotData(records), [records]);
  return (
    <StrategyChart
      testId="strategy-records-plot"
      title="The forecasts recorded each minute: the end-of-day state of charge as forecast then"
      data={data}
      series={RECORD_SERIES}
      time
      xLabel="Time"
      yLabel="SoC %"
      valueUnit="%"
      dark={dark}
    />
  );
}

/** Reasons that are the hour's, not the data's: the demo car drives on this computer's clock. */
const OUT_OF_HOURS = /night|race day ended/i;

/** DEMO out of race hours: the way to a simulated race day now (docs/using.md, "Try a race day"). */
function DemoDayHint() {
  const url = new URL(window.location.href);
  url.searchParams.set("demoClock", "13:00");
  url.searchParams.set("demoDay", "4");
  return (
    <p className="helios-strategy-demo-hint" data-testid="strategy-demo-hint">
      The demo car drives on this computer's clock, and at the track it is out of race hours now.{" "}
      <a href={url.toString()}>Open a simulated race day</a> instead: 13:00 at the track, with the 4
      hours since 09:00 driven first (about half a minute).
    </p>
  );
}

export default function StrategyPanel() {
  const { appUnits, resolvedTheme } = useSnapshot(appState);
  const [sliderKmh, setSliderKmh] = useState<number | null>(null);
  // Every time on the tab is in the zone times are shown in (the race's by default), named.
  const zone = useShownZone();
  const { answer, records, review } = useStrategy(sliderKmh);
  const forecast = answer?.ok ? answer.forecast : null;
  const simulated = answer ? (answer.ok ? answer.forecast.simulated : answer.simulated) : false;
  const inputs = answer ? (answer.ok ? answer.forecast.inputs : answer.inputs) : [];
  return (
    <div className="helios-panel helios-strategy" data-testid="panel-strategy">
      <div className="helios-strategy-head">
        <PanelHeading>Race strategy</PanelHeading>
        {simulated && (
          <Tag intent="warning" icon="lab-test" data-testid="strategy-simulated">
            Simulated (DEMO car), not the real car
          </Tag>
        )}
        {forecast && (
          <span className="helios-strategy-at" data-testid="strategy-made-at">
            forecast made at {formatRaceTime(forecast.at, zone, true)}
          </span>
        )}
      </div>
      {answer === null && <p>Asking the worker for a forecast…</p>}
      {answer && !answer.ok && (
        <Callout intent="warning" icon="issue" data-testid="strategy-cannot">
          {cannotText(answer.reason)}
          {answer.simulated && OUT_OF_HOURS.test(answer.reason) && <DemoDayHint />}
        </Callout>
      )}
      {forecast && <ForecastNotices forecast={forecast} />}
      {forecast && <BigNumbers forecast={forecast} units={appUnits} />}
      {forecast?.plan && (
        <RacePlanCard
          plan={forecast.plan}
          recorded={forecast.planRecorded === true}
          units={appUnits}
          dark={resolvedTheme === "dark"}
        />
      )}
      {forecast && (
        <Plots
          forecast={forecast}
          records={records}
          units={appUnits}
          dark={resolvedTheme === "dark"}
        />
      )}
      {!forecast && records.length > 0 && (
        <RecordsPlot records={records} dark={resolvedTheme === "dark"} />
      )}
      <p className="helios-strategy-records" data-testid="strategy-records-count">
        {records.length === 0
          ? "No forecasts recorded yet (one is recorded each minute of live data)."
          : `${records.length} forecast${records.length === 1 ? "" : "s"} recorded, the last at ${formatRaceTime(records.at(-1)!.at, zone)}: ${formatSoc(records.at(-1)!.endSocPct)} at the end of the day.`}
      </p>
      {review && <DayReview review={review} />}
      <div className="helios-strategy-lower">
        <SpeedSlider forecast={forecast} kmh={sliderKmh} onChange={setSliderKmh} units={appUnits} />
        <Inputs forecastInputs={inputs} units={appUnits} />
      </div>
      <WeatherCard />
      <StrategySettingsForm />
    </div>
  );
}

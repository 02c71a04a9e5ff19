// Big numbers (route /big-numbers): the race at a glance for a screen read from
// 3 metres: speed, charge, solar and motor power, the active alerts and the
// lap, full window, light on black whatever the theme. The tiles are the
// Overview's own (FieldTile, RaceTile): the same live fields, labels and
// formats, only larger. Escape or the Leave button returns to the tab it was
// opened from.
import { Button, Card, useHotkeys } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { AlertSeverity } from "../../../workers/contract/alerts";
import { leaveBigNumbers } from "../../actions/bigNumbersActions";
import { GLANCE_FIELDS } from "../../state/favourites";
import { alertLevelClass } from "../../ui/alertLevel";
import { alertCountsText, SEVERITIES } from "../../ui/format/alertFormat";
import { NO_VALUE } from "../../ui/format/formatNumber";
import { useLiveStatusPart } from "../../worker-client/hooks";
import { FieldTile } from "./FieldTile";
import { RaceTile } from "./RaceTile";
import "./overview.css";
import "./bigNumbers.css";

/** The glance fields a pit screen shows, in this order (their tiles' decimals). */
const BIG_PATHS = [
  "MotorDetails0.VehicleVelocity",
  "Battery.PackStateOfCharge",
  "Derived.MpptArrayPower",
  "Derived.MotorBusPower",
];
const BIG_FIELDS = BIG_PATHS.map((path) => GLANCE_FIELDS.find((f) => f.path === path)!);

/** The active alerts as one number, coloured by the worst; the words say which. */
function AlertsTile() {
  const summary = useLiveStatusPart("alerts");
  const active = summary?.active;
  const total = active ? SEVERITIES.reduce((sum, s) => sum + active[s], 0) : undefined;
  const worst: AlertSeverity | undefined = SEVERITIES.find((s) => (active?.[s] ?? 0) > 0);
  return (
    <Card
      className={`helios-tile ${alertLevelClass(worst)}`.trim()}
      data-testid="big-alerts"
      data-alert={worst}
    >
      <div className="helios-tile-name">Active alerts</div>
      <div className="helios-tile-value">
        <span className="live-value">{total ?? NO_VALUE}</span>
        <span className="helios-tile-unit">
          {active && total ? alertCountsText(active, summary.unacknowledgedCritical) : ""}
        </span>
      </div>
    </Card>
  );
}

/**
 * The browser's own full screen (no address bar, no other tabs) for a screen
 * that shows nothing else; leaving big numbers leaves it too. Not offered where
 * the browser has none (an iPhone's Safari).
 */
function FullScreenButton() {
  const [on, setOn] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setOn(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", update);
    return () => {
      document.removeEventListener("fullscreenchange", update);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);
  if (!document.fullscreenEnabled) return null;
  const toggle = () =>
    void (on ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
      () => undefined,
    );
  return (
    <Button
      size="large"
      icon={on ? "minimize" : "maximize"}
      text={on ? "Exit full screen" : "Full screen"}
      data-testid="big-numbers-full-screen"
      onClick={toggle}
    />
  );
}

export default function BigNumbers() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const hotkeys = useMemo(
    () => [
      {
        combo: "esc",
        global: true,
        group: "Big numbers",
        label: "Leave big numbers",
        onKeyDown: () => leaveBigNumbers(navigate, state),
      },
    ],
    [navigate, state],
  );
  useHotkeys(hotkeys);
  return (
    // bp6-dark: Blueprint's cards and buttons take their dark look here in either theme.
    <div className="helios-big bp6-dark" data-testid="big-numbers">
      <div className="helios-big-head">
        <h1 className="helios-big-title">Race at a glance</h1>
        <div className="helios-big-actions">
          <FullScreenButton />
          <Button
            size="large"
            icon="cross"
            text="Leave (Esc)"
            data-testid="big-numbers-leave"
            onClick={() => leaveBigNumbers(navigate, state)}
          />
        </div>
      </div>
      <section className="helios-big-grid" aria-label="Race at a glance">
        {BIG_FIELDS.map((f) => (
          <FieldTile key={f.path} path={f.path} digits={f.digits} />
        ))}
        <AlertsTile />
        <RaceTile />
      </section>
    </div>
  );
}

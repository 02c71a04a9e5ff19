// The settings dialog (issue 3): display, connection, favourites, laps, playback,
// alerts, map, what the live history holds (issue 33) and sessions.
import {
  Button,
  Dialog,
  DialogBody,
  FormGroup,
  SegmentedControl,
  Section,
  SectionCard,
} from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import type { AppUnits } from "../../../workers/contract/fields";
import { openAlertRules } from "../../state/alertRulesDialog";
import { openMathChannels } from "../../state/mathChannelsDialog";
import { appState } from "../../state/appState";
import type { ThemeChoice, TimesIn } from "../../state/settingsSchema";
import { setTimesIn, shownTime } from "../../state/shownTime";
import { DialogHeading } from "../../ui/headings";
import { timeZoneText } from "../../ui/format/dateTime";
import { dialogs } from "../dialogs";
import { AlertSettings } from "./AlertSettings";
import { ConnectionSettings } from "./ConnectionSettings";
import { FavouritesSettings } from "./FavouritesSettings";
import { HistorySettings } from "./HistorySettings";
import { MapTileSettings } from "./MapTileSettings";
import { LapCoordsSettings, PlaybackSettings } from "./PlaybackSettings";
import { SessionsSettings } from "./SessionsSettings";
import "./settings.css";

function DisplaySettings() {
  const { appUnits, themeChoice } = useSnapshot(appState);
  return (
    <div className="helios-row">
      <FormGroup label="Units">
        <SegmentedControl
          data-testid="units-control"
          value={appUnits}
          onValueChange={(value) => (appState.appUnits = value as AppUnits)}
          options={[
            { label: "Metric", value: "metric" },
            { label: "Imperial", value: "imperial" },
          ]}
        />
      </FormGroup>
      <FormGroup label="Theme">
        <SegmentedControl
          data-testid="theme-control"
          value={themeChoice}
          onValueChange={(value) => (appState.themeChoice = value as ThemeChoice)}
          options={[
            { label: "Light", value: "light" },
            { label: "Dark", value: "dark" },
            { label: "System", value: "system" },
          ]}
        />
      </FormGroup>
      <TimesInSetting />
    </div>
  );
}

/** Which clock every time is read on: the race's zone (Strategy settings) or this computer's. */
function TimesInSetting() {
  const { timesIn } = useSnapshot(appState);
  const { raceZone, zone } = useSnapshot(shownTime);
  const whose =
    timesIn === "computer"
      ? "this computer's"
      : raceZone === null
        ? "this computer's until the race's is known"
        : "the race's, from the Strategy settings";
  return (
    <FormGroup
      label="Show times in"
      helperText={
        <>
          <span data-testid="settings-time-zone">{timeZoneText(Date.now(), zone)}</span>: {whose}.
          Dates read MM/DD/YYYY, times 24-hour.
        </>
      }
    >
      <SegmentedControl
        data-testid="times-in-control"
        value={timesIn}
        onValueChange={(value) => setTimesIn(value as TimesIn)}
        options={[
          { label: "the race's time zone", value: "race" },
          { label: "this computer's", value: "computer" },
        ]}
      />
    </FormGroup>
  );
}

export function SettingsDialog() {
  const { settings } = useSnapshot(dialogs);
  return (
    <Dialog
      isOpen={settings}
      onClose={() => (dialogs.settings = false)}
      title="Settings"
      icon="cog"
      className="helios-settings-dialog"
    >
      <DialogBody>
        <Section title="Display" compact titleRenderer={DialogHeading}>
          <SectionCard>
            <DisplaySettings />
          </SectionCard>
        </Section>
        <Section title="Connection" compact titleRenderer={DialogHeading}>
          <SectionCard>
            <ConnectionSettings />
          </SectionCard>
        </Section>
        <Section title="Favourites" compact titleRenderer={DialogHeading}>
          <SectionCard>
            <FavouritesSettings />
          </SectionCard>
        </Section>
        <Section title="Laps and playback" compact titleRenderer={DialogHeading}>
          <SectionCard>
            <LapCoordsSettings />
            <PlaybackSettings />
          </SectionCard>
        </Section>
        <Section title="Math channels" compact titleRenderer={DialogHeading}>
          <SectionCard>
            <div className="helios-row">
              <Button
                icon="function"
                text="Math channels…"
                onClick={() => openMathChannels()}
                data-testid="open-math-channels"
              />
              <span className="helios-muted">
                Values computed from the packet (power, energy, Wh/km…): plot, map, export and watch
                them like any field.
              </span>
            </div>
          </SectionCard>
        </Section>
        <Section title="Alerts" compact titleRenderer={DialogHeading}>
          <SectionCard>
            <div className="helios-row">
              <Button
                icon="notifications"
                text="Alert rules…"
                onClick={() => openAlertRules()}
                data-testid="open-alert-rules"
              />
              <span className="helios-muted">
                Limits on every field: what is watched, when it alerts and how loudly.
              </span>
            </div>
            <AlertSettings />
          </SectionCard>
        </Section>
        <Section title="Map" compact titleRenderer={DialogHeading}>
          <SectionCard>
            <MapTileSettings />
          </SectionCard>
        </Section>
        <Section title="History" compact titleRenderer={DialogHeading}>
          <SectionCard>
            <HistorySettings />
          </SectionCard>
        </Section>
        <Section title="Sessions" compact titleRenderer={DialogHeading}>
          <SectionCard>
            <SessionsSettings />
          </SectionCard>
        </Section>
      </DialogBody>
    </Dialog>
  );
}

// A tab of live field tables: one titled section per part of the packet.
import { Button, HTMLTable, Section, Spinner } from "@blueprintjs/core";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import type { FieldInfo } from "../../../workers/contract/fields";
import { isStateField } from "../../../workers/shared/plots/stateRows";
import { requestPlot } from "../../state/plotRequests";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { openMathChannels } from "../../state/mathChannelsDialog";
import { useFieldCatalog } from "../../ui/useFieldCatalog";
import { EmptyState } from "../../ui/EmptyState";
import { PanelHeading } from "../../ui/headings";
import { FaultSummary } from "./FaultSummary";
import { FieldRow } from "./FieldRow";
import { fieldSections, isFaultField, motorFlagSection } from "./fieldSections";
import { TAB_GROUPS, type FieldTableTab } from "./tabGroups";
import "./fieldTable.css";

export function FieldTablePanel({ tab }: { tab: FieldTableTab }) {
  const catalog = useFieldCatalog();
  const { appUnits } = useSnapshot(appState);
  const sections = useMemo(() => {
    const list = fieldSections(catalog ?? [], TAB_GROUPS[tab]);
    const motors = tab === "faults" ? motorFlagSection(catalog ?? []) : null;
    return motors ? [...list, motors] : list;
  }, [catalog, tab]);
  // The summary counts faults: the motors' limit flags are information, not faults.
  const faultFields = useMemo(
    () =>
      tab === "faults" ? sections.flatMap((section) => section.fields).filter(isFaultField) : [],
    [sections, tab],
  );
  if (!catalog)
    return <EmptyState icon={<Spinner size={32} />} title="Loading the field catalog…" />;
  if (tab === "math" && sections.length === 0)
    return (
      <div className="helios-panel" data-testid="panel-math">
        <EmptyState
          icon="function"
          title="No math channels"
          description="A math channel computes a value from the packet (power, energy, Wh/km…) and shows here, in the plots, the map, the exports and the alert rules."
          action={<EditChannels text="Add a math channel…" create />}
        />
      </div>
    );
  return (
    <div className="helios-panel" data-testid={`panel-${tab}`}>
      {faultFields.length > 0 && <FaultSummary fields={faultFields} />}
      {tab === "math" && (
        <div className="helios-math-tab-tools">
          <EditChannels text="Edit math channels…" create={false} />
        </div>
      )}
      <div className="helios-section-grid">
        {sections.map((section) => (
          <Section
            key={section.title}
            title={section.title}
            compact
            titleRenderer={PanelHeading}
            className="helios-field-section"
            rightElement={<ShowAsTimeline fields={section.fields} />}
          >
            <HTMLTable compact striped className="helios-field-table">
              <tbody>
                {section.fields.map((field) => (
                  <FieldRow
                    key={field.path}
                    field={field}
                    units={appUnits}
                    fault={isFaultField(field)}
                  />
                ))}
              </tbody>
            </HTMLTable>
          </Section>
        ))}
      </div>
    </div>
  );
}

/**
 * A section's flags, bit fields and codes as one state timeline plot, a row
 * each, on the Plots tab; nothing for a section of measurements only.
 */
function ShowAsTimeline({ fields }: { fields: readonly FieldInfo[] }) {
  const navigate = useNavigate();
  const states = fields.filter(isStateField);
  if (states.length === 0) return null;
  return (
    <Button
      size="small"
      variant="minimal"
      icon="gantt-chart"
      text="Show as timeline"
      title={`Plot these ${states.length} states as a timeline, a row each`}
      onClick={() => {
        requestPlot(
          states.map((field) => field.path),
          true,
        );
        void navigate({ pathname: "/plots", search: window.location.search });
      }}
    />
  );
}

function EditChannels({ text, create }: { text: string; create: boolean }) {
  return (
    <Button
      icon="function"
      text={text}
      data-testid="math-tab-edit"
      onClick={() => openMathChannels({ create })}
    />
  );
}

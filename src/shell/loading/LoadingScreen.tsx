// Full-screen loading screen (spec §2, §4). It renders the phase that the
// LoadingPhases machine put in appState; it computes nothing itself.
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { loadingText } from "./loadingText";
import { SolarCarArt, SunArt } from "./SolarCarArt";
import "./loading.css";

export function LoadingScreen() {
  const { displayLoading, loadingPhase, socketConnected, radioConnected, connectionType } =
    useSnapshot(appState);
  if (!displayLoading) return null;
  const linked = socketConnected || radioConnected;
  return (
    <div
      className={`helios-loading helios-loading-${loadingPhase}`}
      data-testid="loading-screen"
      data-phase={loadingPhase}
      role="status"
      aria-live="polite"
    >
      <div className="helios-scene">
        <SunArt />
        <div className="helios-road" />
        <div className="helios-car-track">
          <SolarCarArt />
        </div>
      </div>
      <p className="helios-loading-text" data-testid="loading-text">
        {loadingText(loadingPhase, linked, connectionType)}
      </p>
    </div>
  );
}

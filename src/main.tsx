import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@blueprintjs/core/lib/css/blueprint.css";
import { App } from "./App";
import { TelemetryContext } from "./worker-client/hooks";
import { configFromUrl, createTelemetry } from "./worker-client/createTelemetry";

const telemetry = createTelemetry(configFromUrl(window.location.search));
telemetry.live.start();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <TelemetryContext.Provider value={telemetry}>
      <App />
    </TelemetryContext.Provider>
  </StrictMode>,
);

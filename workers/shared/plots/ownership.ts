// Who owns a live plot's picture: the rule, written once. Files that act on
// it point here (src/panels/Plots/plotDriver.ts and driverState.ts,
// workers/render/LivePlots.ts, src/worker-client/renderClient.ts).
//
// - The main thread owns every plot's picture by default: plotDriver asks for
//   the series, decides the y ranges (uPlot's range function, liveYRange in
//   yRange.ts), sets uPlot's axes and tells the render worker what to paint.
// - A live plot that nobody points at, once drawn, is handed over: from then
//   on the render worker owns its whole picture. LivePlots asks for the data,
//   joins it (liveTail.ts), moves the x range, chooses the y ranges (the same
//   liveYRange) and paints. It reports what it showed (the y ranges it chose,
//   the newest row); the main thread only mirrors those ranges onto uPlot's
//   axes and writes the legend. Nothing is decided there, nothing sent back.
// - The main thread takes the plot back for anything else (the pointer over
//   a plot, a zoom or pause, new fields or size, off screen, a hidden page)
//   and owns it again; the worker forgets the plot at once.
// The driver's states (driverState.ts) say which side owns each plot now.

/** The thread that decides what a plot's picture shows. */
export type PictureOwner = "main" | "render";

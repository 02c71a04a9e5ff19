// The season export a window runs (one at a time): the request checked, the
// chosen sessions looked up, and pieces handed out as the window pulls them.
import type { SeasonChunk, SeasonRequest, SeasonStart } from "../../contract/season";
import type { SessionInfo } from "../../contract/sessions";
import type { SeasonSessions, SeasonTable } from "../pipeline/Feature";
import type { ColumnLayout } from "../pipeline/columnLayout";
import { isTimeZone } from "../../shared/dateTime";
import { SeasonExport, type SeasonPiece } from "./SeasonExport";

export interface SeasonCore {
  /** The recorded sessions; null without storage. */
  readonly sessions: (SeasonSessions & { list(): Promise<SessionInfo[]> }) | null;
  readonly layout: ColumnLayout;
  /** The registered features' tables (Feature.seasonTable). */
  tables(): SeasonTable[];
  /** Rows per part (tests use a few, to cross parts and storage reads). */
  readonly partRows?: number;
}

const EMPTY = new Uint8Array(0);

export class SeasonJobs {
  private job: SeasonExport | null = null;
  /** The next piece, being made while the window writes the last one. */
  private ahead: Promise<SeasonPiece | null> | null = null;

  constructor(private readonly core: SeasonCore) {}

  async start(request: SeasonRequest): Promise<SeasonStart> {
    await this.cancel();
    const ids = Array.isArray(request?.sessionIds)
      ? new Set(request.sessionIds.filter((id) => typeof id === "string"))
      : new Set<string>();
    const zone =
      typeof request?.zone === "string" && isTimeZone(request.zone) ? request.zone : null;
    const sessions = this.core.sessions;
    if (!sessions) return { ok: false, message: "No recorded sessions: storage is not available." };
    const chosen = (await sessions.list())
      .filter((s) => ids.has(s.id) && s.packets > 0)
      .sort((a, b) => a.firstPacketTime - b.firstPacketTime);
    if (chosen.length === 0)
      return { ok: false, message: "None of the chosen sessions holds recorded packets." };
    const job = new SeasonExport(sessions, chosen, {
      layout: this.core.layout,
      tables: this.core.tables(),
      zone,
      partRows: this.core.partRows,
    });
    this.job = job;
    return { ok: true, sessions: chosen.length, rows: job.rowsTotal };
  }

  async next(): Promise<SeasonChunk | null> {
    const job = this.job;
    if (!job) return null;
    const piece = await (this.ahead ?? job.next());
    this.ahead = null;
    if (this.job !== job) return null; // cancelled meanwhile
    if (!piece) {
      this.job = null;
      const rows = job.rowsDone;
      return {
        path: "",
        data: EMPTY,
        last: true,
        sessionName: "",
        rowsDone: rows,
        rowsTotal: rows,
        done: true,
      };
    }
    const chunk: SeasonChunk = {
      path: piece.path,
      data: piece.bytes,
      last: piece.last,
      sessionName: piece.session.name,
      rowsDone: job.rowsDone,
      rowsTotal: Math.max(job.rowsTotal, job.rowsDone),
      done: false,
    };
    this.readAhead(job);
    return chunk;
  }

  async cancel(): Promise<void> {
    const job = this.job;
    this.job = null;
    this.ahead = null;
    await job?.cancel();
  }

  /**
   * Starts the next piece while the window writes this one, so the export
   * does not wait out each write and message round trip. One piece ahead,
   * at most. (It gained little in bench:track: most of the core's time off
   * the CPU there is the writer's fresh buffers, not waiting; RESULTS.md.)
   */
  private readAhead(job: SeasonExport): void {
    const ahead = job.next();
    ahead.catch(() => undefined); // a failure is told when the piece is asked for
    this.ahead = ahead;
  }
}

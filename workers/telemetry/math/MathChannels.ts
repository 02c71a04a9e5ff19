// The math channels the user defined, for every history of the core: the
// definitions, their version (the field catalog changes with it), and the
// recompute running over a history. SKELETON: definitions are kept, not yet
// compiled or computed (the expression language and the channel stage land
// next); checkMathChannel answers "ok" for everything until then.
import type {
  ChannelCheck,
  MathChannelDef,
  MathChannelsFileResult,
  MathChannelsResult,
  MathSummary,
} from "../../contract/math";

export class MathChannels {
  private defs: MathChannelDef[] = [];
  private changes = 0;

  list(): MathChannelDef[] {
    return this.defs.map((def) => ({ ...def }));
  }

  set(defs: MathChannelDef[]): MathChannelsResult {
    this.defs = defs.map((def) => ({ ...def }));
    this.changes++;
    return { ok: true, channels: this.list() };
  }

  check(_channel: MathChannelDef, _replacing: string | null): ChannelCheck {
    return {
      ok: true,
      problems: [],
      reads: [],
      value: null,
      recent: { times: [], values: [] },
      gaps: { count: 0, rows: 0, reasons: [] },
    };
  }

  json(): string {
    return JSON.stringify({ mathChannels: this.list() }, null, 2);
  }

  parseJson(text: string): MathChannelsFileResult {
    try {
      const file = JSON.parse(text) as { mathChannels?: MathChannelDef[] };
      if (!Array.isArray(file.mathChannels))
        return { ok: false, message: "Not a math channels file: it has no mathChannels list." };
      return { ok: true, channels: file.mathChannels };
    } catch (error) {
      return { ok: false, message: `Not JSON: ${(error as Error).message}` };
    }
  }

  summary(): MathSummary {
    return { version: this.changes, count: this.defs.length, recompute: null };
  }
}

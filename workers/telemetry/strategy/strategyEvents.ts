// The strategy's session event (Feature.events): the forecast in brief,
// recorded once a minute of packet time (workers/contract/strategy.ts
// StrategyRecord), and its schema. A restore or a replay reads the records
// back through it (pipeline/declaredEvents.ts), and the desk reads its
// stage's events with it: a damaged or foreign record is dropped.
import { z } from "zod";
import type { StrategyRecord } from "../../contract/strategy";
import { isTimeZone } from "../../shared/dateTime";

/** The kind the strategy's forecasts are recorded as, once a minute of packet time. */
export const STRATEGY_EVENT_KIND = "strategy";

const finite = z.number();

const planDaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  speedKmh: finite,
  targetSocPct: finite,
  distanceKm: finite,
  sunWh: finite,
  sunFrom: z.enum(["today's sky", "weather forecast", "typical sky", "forecast and typical sky"]),
});

/** The race plan in force (issue 62), as recorded with each minute's forecast. */
const planRecordSchema = z.object({
  daysFrom: z.string().max(300),
  days: z.array(planDaySchema).min(1).max(30),
  endSocPct: finite,
  floorPct: finite,
  problem: z.string().max(500).nullable(),
  change: z
    .object({ at: finite, fromPct: finite, toPct: finite, why: z.string().max(500) })
    .nullable(),
});

/** A minute's forecast in brief, as the desk keeps it: the fields of a StrategyRecord, no other. */
export const strategyRecordSchema = z
  .object({
    at: finite,
    socNowPct: finite,
    endSocPct: finite,
    currentSpeedKmh: finite,
    recommendedKmh: finite.nullable(),
    distanceLeftKm: finite,
    endAt: finite,
    // Fields later builds added: kept only when well formed (older sessions have none).
    emptyAt: finite.nullable().optional().catch(undefined),
    stopSocPct: finite.min(0).max(100).optional().catch(undefined),
    timeZone: z.string().refine(isTimeZone).optional().catch(undefined),
    plan: planRecordSchema.optional().catch(undefined),
    simulated: z.boolean(),
  })
  .transform((r): StrategyRecord => ({
    at: r.at,
    socNowPct: r.socNowPct,
    endSocPct: r.endSocPct,
    currentSpeedKmh: r.currentSpeedKmh,
    recommendedKmh: r.recommendedKmh,
    distanceLeftKm: r.distanceLeftKm,
    endAt: r.endAt,
    // Absent, not undefined, when not kept: a record compares as the one recorded.
    ...(r.emptyAt === undefined ? {} : { emptyAt: r.emptyAt }),
    ...(r.stopSocPct === undefined ? {} : { stopSocPct: r.stopSocPct }),
    ...(r.timeZone === undefined ? {} : { timeZone: r.timeZone }),
    ...(r.plan === undefined ? {} : { plan: r.plan }),
    simulated: r.simulated,
  }));

/** The strategy's session event kinds. */
export const STRATEGY_EVENTS = { [STRATEGY_EVENT_KIND]: strategyRecordSchema };

// The Strategy tab's data: the forecast asked of the worker every few seconds
// and at once when the slider moves (the latest answer wins: an older one
// arriving late is dropped), and the recorded forecasts with the finished
// day's review, read again now and then and whenever the shown history
// changes (a replay starts or ends).
import { useEffect, useRef, useState } from "react";
import type {
  StrategyAnswer,
  StrategyRecord,
  StrategyReview,
} from "../../../workers/contract/strategy";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";
import { useShownZone } from "../../ui/useShownZone";

/** How often the forecast is asked for (the weather status follows the same beat). */
export const FORECAST_MS = 3000;
const RECORDS_MS = 10_000;

interface StrategyData {
  answer: StrategyAnswer | null;
  records: StrategyRecord[];
  /** The last day held against what happened, once the records reach its end. */
  review: StrategyReview | null;
}

export function useStrategy(sliderKmh: number | null): StrategyData {
  const { client } = useTelemetry();
  const [answer, setAnswer] = useState<StrategyAnswer | null>(null);
  const [records, setRecords] = useState<StrategyRecord[]>([]);
  const [review, setReview] = useState<StrategyReview | null>(null);
  const asked = useRef(0);
  const playback = useLiveStatusPart("playback");
  const replayKey = `${playback?.on ?? false}:${JSON.stringify(playback?.origin ?? null)}`;
  // The worker writes its texts' times in the zone this window shows times in.
  const zone = useShownZone();

  useEffect(() => {
    let alive = true;
    const ask = () => {
      const mine = ++asked.current;
      client.api.strategy(sliderKmh, zone).then(
        (next) => {
          if (alive && mine === asked.current) setAnswer(next);
        },
        () => {},
      );
    };
    ask();
    const timer = window.setInterval(ask, FORECAST_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [client, sliderKmh, replayKey, zone]);

  useEffect(() => {
    let alive = true;
    const read = () =>
      Promise.all([client.api.strategyRecords(), client.api.strategyReview()]).then(
        ([next, nextReview]) => {
          if (!alive) return;
          setRecords(next);
          setReview(nextReview);
        },
        () => {},
      );
    void read();
    const timer = window.setInterval(() => void read(), RECORDS_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [client, replayKey]);

  return { answer, records, review };
}

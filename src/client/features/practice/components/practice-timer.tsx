import { useEffect, useState } from "react";
import { type Domain, PRACTICE_MINUTES } from "../../../../shared/constants.js";
import type { PracticeRoundDto } from "../../../../shared/schemas/practice.js";
import { formatCountdown } from "../../../../shared/time.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useFinishRound, useStartRound } from "../api/practice-rounds.js";

const ROUND_MS = PRACTICE_MINUTES * 60_000;

/** Counts a running round down once a second; null while no round runs. */
function useTimeLeft(round: PracticeRoundDto | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!round) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [round]);
  return round ? Math.max(0, Date.parse(round.startedAt) + ROUND_MS - now) : null;
}

const minutesText = (minutes: number) => (minutes === 1 ? "1 minute" : `${minutes} minutes`);

/**
 * The 15-minute round: the server stamps its start and counts its minutes when it ends (by the
 * student's Finish or the clock), and they are added to the dashboard's practice time.
 */
export function PracticeTimer({ domain }: { domain: Domain }) {
  const [round, setRound] = useState<PracticeRoundDto | null>(null);
  const [counted, setCounted] = useState<number | null>(null);
  const start = useStartRound();
  const finish = useFinishRound();
  const left = useTimeLeft(round);

  const end = (running: PracticeRoundDto) =>
    finish.mutate(running.id, {
      onSuccess: (done) => {
        setRound(null);
        setCounted(done.minutes ?? 0);
      },
    });
  useEffect(() => {
    if (round && left === 0 && !finish.isPending) end(round);
  });

  return (
    <section
      aria-labelledby="practice-timer-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="practice-timer-title" className="text-lg font-semibold text-slate-900">
        {PRACTICE_MINUTES}-minute round
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Answer the questions below out loud, as you would in the interview. Your time counts towards your practice time.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p className="font-mono text-2xl font-bold text-slate-900" aria-live={left === null ? undefined : "off"}>
          <span className="sr-only">Time left </span>
          {formatCountdown(left ?? ROUND_MS)}
        </p>
        {round ? (
          <Button variant="secondary" disabled={finish.isPending} onClick={() => end(round)}>
            Finish round
          </Button>
        ) : (
          <Button
            disabled={start.isPending}
            onClick={() =>
              start.mutate(domain, {
                onSuccess: (started) => {
                  setCounted(null);
                  setRound(started);
                },
              })
            }
          >
            Start timer
          </Button>
        )}
      </div>
      <div className="mt-3 space-y-2" aria-live="polite">
        {counted !== null && (
          <Alert tone="success">Round finished: {minutesText(counted)} added to your practice time.</Alert>
        )}
        {(start.error ?? finish.error) && <Alert tone="error">{(start.error ?? finish.error)?.message}</Alert>}
      </div>
    </section>
  );
}

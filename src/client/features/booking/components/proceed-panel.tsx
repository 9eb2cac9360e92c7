import { MESSAGES } from "../../../../shared/messages.js";
import { Button } from "../../../ui/button.js";
import { HoldCountdown } from "./hold-countdown.js";

interface ProceedPanelProps {
  expiresAt: string | undefined;
  onExpire: () => void;
  onProceed: () => void;
  busy: boolean;
  label?: string;
}

/** Countdown of the held seat and the button that moves on to payment. */
export function ProceedPanel({
  expiresAt,
  onExpire,
  onProceed,
  busy,
  label = "Proceed to Payment",
}: ProceedPanelProps) {
  return (
    <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-300 bg-white p-4 shadow-lg">
      {expiresAt ? (
        <HoldCountdown expiresAt={expiresAt} onExpire={onExpire} />
      ) : (
        <p className="text-sm text-slate-700">{MESSAGES.selectSlotFirst}</p>
      )}
      <Button onClick={onProceed} disabled={busy}>
        {busy ? "Opening payment…" : label}
      </Button>
    </div>
  );
}

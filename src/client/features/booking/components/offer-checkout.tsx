import { useEffect, useRef, useState } from "react";
import { PROGRAMME_MESSAGES, WAITLIST_MESSAGES } from "../../../../shared/messages.js";
import type { HoldDto } from "../../../../shared/schemas/booking.js";
import type { WaitlistEntryDto } from "../../../../shared/schemas/waitlist.js";
import { formatDayLabel, formatInstant, zonedDate } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { useMyWaitlist } from "../../../shared/waitlist/get-my-waitlist.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useAcceptOffer } from "../api/accept-offer.js";
import { ApplicationForm } from "./application-form.js";

interface OfferCheckoutProps {
  offerId: string;
  onAccepted: (hold: HoldDto) => void;
  onBrowse: () => void;
}

/**
 * The page an offer's e-mail and notification open (docs/product.md, Waitlist): the seat held
 * for the student becomes their hold; the order summary below it goes on to payment.
 */
export function OfferCheckout({ offerId, onAccepted, onBrowse }: OfferCheckoutProps) {
  const line = useMyWaitlist();
  const accept = useAcceptOffer();
  const config = useClientConfig();
  const [offer, setOffer] = useState<WaitlistEntryDto>();
  const started = useRef(false);
  const { mutate } = accept;

  useEffect(() => {
    // What the offer is for comes from the line before the offer turns into a hold (and leaves it).
    if (started.current || !line.data) return;
    started.current = true;
    setOffer(line.data.find((e) => e.id === offerId));
    mutate(offerId, { onSuccess: onAccepted });
  }, [line.data, offerId, mutate, onAccepted]);

  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const when =
    offer &&
    (offer.kind === "internship"
      ? `Starts ${formatDayLabel(zonedDate(new Date(offer.startAt), zone))}`
      : formatInstant(offer.startAt, zone, config.data?.timeZoneLabel));
  return (
    <section aria-labelledby="offer-heading" className="space-y-3">
      <h2 id="offer-heading" className="text-xl font-semibold">
        {WAITLIST_MESSAGES.offered}
      </h2>
      {offer && (
        <p className="text-slate-800">
          <strong>{offer.title}</strong> · {when}
        </p>
      )}
      {(line.isPending || accept.isPending) && <Spinner label="Holding your seat…" />}
      {accept.isError && <Alert tone="error">{accept.error.message}</Alert>}
      {offer?.kind === "internship" && accept.error?.message === PROGRAMME_MESSAGES.applicationBeforeOffer && (
        <ApplicationForm
          internshipId={offer.targetId}
          busy={false}
          disabled={accept.isPending}
          submitLabel={PROGRAMME_MESSAGES.applyAndTakeSeat}
          onApplied={() => mutate(offerId, { onSuccess: onAccepted })}
        />
      )}
      {accept.isSuccess && <p className="text-sm text-slate-700">{WAITLIST_MESSAGES.offerCountdown}</p>}
      <Button variant="ghost" onClick={onBrowse}>
        Browse other sessions
      </Button>
    </section>
  );
}

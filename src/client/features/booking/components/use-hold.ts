import { useCallback, useEffect, useRef, useState } from "react";
import { type CompanyType, HOLD_MINUTES } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import type { BookingKindDto, HoldDto } from "../../../../shared/schemas/booking.js";
import { ApiError } from "../../../lib/api.js";
import { releaseHold, releaseHoldOnLeave, useTakeHold } from "../api/holds.js";
import { useBookingDomain } from "./domain-picker.js";

/** The reservation errors (docs/product.md, Booking flow), by what the server answered. */
function reserveErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "UNAUTHENTICATED") return MESSAGES.signInToReserve;
    if (error.code === "SLOT_HELD") return MESSAGES.slotHeld;
    if (
      error.code === "NOT_AVAILABLE" ||
      error.code === "CONFLICT" ||
      error.code === "RATE_LIMITED" ||
      error.code === "BOOKING_CLOSED" ||
      error.code === "VALIDATION"
    )
      return error.message;
  }
  return MESSAGES.reserveFailed;
}

/**
 * One hold at a time: taking a new one lets the server release the previous; leaving the page or
 * clearing the choice releases it; at 00:00 it is dropped with the hold-ended message. `resume`
 * takes back a hold the server kept (after a failed payment), counted from the server's time left.
 */
export function useHold() {
  const take = useTakeHold();
  const [domain] = useBookingDomain();
  const [hold, setHold] = useState<HoldDto>();
  const [error, setError] = useState<string>();
  const current = useRef<HoldDto | undefined>(undefined);
  const asked = useRef(0);
  /** The seat asked for last, shown as chosen while its hold is on its way. */
  const [wanted, setWanted] = useState<string>();
  current.current = hold;

  useEffect(() => {
    const leave = () => {
      if (current.current) releaseHoldOnLeave(current.current.id);
    };
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);

  const select = useCallback(
    (kind: BookingKindDto, targetId: string, packageKey?: CompanyType, then?: (taken: HoldDto) => void) => {
      setError(undefined);
      const askedAt = Date.now();
      // Arrowing through the times asks for several holds in a row: only the last answer counts.
      const ask = ++asked.current;
      setWanted(targetId);
      take.mutate(
        { kind, targetId, ...(packageKey ? { packageKey } : {}), ...(kind === "mock" && domain ? { domain } : {}) },
        {
          onSuccess: (taken) => {
            if (ask !== asked.current) return;
            // Counted on this device from when it asked (never later than the server's expiry),
            // not from expiresAt: a device clock that is off would show the wrong countdown.
            setHold({ ...taken, expiresAt: new Date(askedAt + HOLD_MINUTES * 60_000).toISOString() });
            then?.(taken);
          },
          onError: (err) => {
            if (ask !== asked.current) return;
            setWanted(undefined);
            setHold(undefined);
            setError(reserveErrorText(err));
          },
        },
      );
    },
    [take, domain],
  );

  const clear = useCallback(() => {
    asked.current++;
    setWanted(undefined);
    if (current.current) void releaseHold(current.current.id).catch(() => undefined);
    setHold(undefined);
    setError(undefined);
  }, []);

  const expire = useCallback(() => {
    setWanted(undefined);
    setHold(undefined);
    setError(MESSAGES.holdExpired);
  }, []);

  useEffect(() => {
    if (!hold) return;
    const timer = setTimeout(expire, Math.max(0, Date.parse(hold.expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [hold, expire]);

  const resume = useCallback((kept: HoldDto & { msLeft: number }) => {
    setHold({ ...kept, expiresAt: new Date(Date.now() + kept.msLeft).toISOString() });
  }, []);

  return {
    hold,
    chosenId: wanted ?? hold?.targetId,
    error,
    setError,
    pending: take.isPending,
    select,
    clear,
    expire,
    resume,
    forget: () => {
      setWanted(undefined);
      setHold(undefined);
    },
  };
}

import { useCallback, useEffect, useRef, useState } from "react";
import { type CompanyType, HOLD_MINUTES } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import type { BookingKindDto, HoldDto } from "../../../../shared/schemas/booking.js";
import { ApiError } from "../../../lib/api.js";
import { releaseHold, releaseHoldOnLeave, useTakeHold } from "../api/holds.js";

/** The reservation errors (docs/product.md, Booking flow), by what the server answered. */
function reserveErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "UNAUTHENTICATED") return MESSAGES.signInToReserve;
    if (error.code === "SLOT_HELD") return MESSAGES.slotHeld;
    if (error.code === "NOT_AVAILABLE" || error.code === "CONFLICT" || error.code === "RATE_LIMITED")
      return error.message;
  }
  return MESSAGES.reserveFailed;
}

/**
 * One hold at a time: taking a new one lets the server release the previous; leaving the page or
 * clearing the choice releases it; at 00:00 it is dropped with the hold-expired message.
 */
export function useHold() {
  const take = useTakeHold();
  const [hold, setHold] = useState<HoldDto>();
  const [error, setError] = useState<string>();
  const current = useRef<HoldDto | undefined>(undefined);
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
      take.mutate(
        { kind, targetId, ...(packageKey ? { packageKey } : {}) },
        {
          onSuccess: (taken) => {
            // Counted on this device from when it asked (never later than the server's expiry),
            // not from expiresAt: a device clock that is off would show the wrong countdown.
            setHold({ ...taken, expiresAt: new Date(askedAt + HOLD_MINUTES * 60_000).toISOString() });
            then?.(taken);
          },
          onError: (err) => {
            setHold(undefined);
            setError(reserveErrorText(err));
          },
        },
      );
    },
    [take],
  );

  const clear = useCallback(() => {
    if (current.current) void releaseHold(current.current.id).catch(() => undefined);
    setHold(undefined);
    setError(undefined);
  }, []);

  const expire = useCallback(() => {
    setHold(undefined);
    setError(MESSAGES.holdExpired);
  }, []);

  return { hold, error, setError, pending: take.isPending, select, clear, expire, forget: () => setHold(undefined) };
}

import { AppError } from "../../../shared/errors.js";
import { PAYMENT_MESSAGES } from "../../../shared/messages.js";
import type { TakeHoldInput } from "../../../shared/schemas/booking.js";
import type { Executor } from "../../db/database.js";
import { findSlotInterviewerDomains, setHoldDomain } from "./domain-repository.js";

/**
 * A mock interview booked for a domain needs a slot whose interviewer covers it (docs/product.md,
 * Domains): the listing offers no other, and a request naming another slot is refused here. A slot
 * that does not exist is left to the hold's own check (404).
 */
export async function refuseSlotOutsideDomain(db: Executor, input: TakeHoldInput): Promise<void> {
  if (!input.domain) return;
  if (input.kind !== "mock") {
    throw new AppError("VALIDATION", PAYMENT_MESSAGES.domainOnlyForMocks, { field: "domain" });
  }
  const slot = await findSlotInterviewerDomains(db, input.targetId);
  if (!slot) return;
  // interviewers.domains is a JSON array of fixed keys.
  if (!slot.domains?.includes(`"${input.domain}"`)) {
    throw new AppError("VALIDATION", PAYMENT_MESSAGES.slotNotForDomain, { field: "domain" });
  }
}

/** The domain the student picked, kept on the hold until its checkout copies it to the booking. */
export async function recordHoldDomain(db: Executor, holdId: string, domain: string | undefined): Promise<void> {
  if (!domain) return;
  await setHoldDomain(db, holdId, domain);
}

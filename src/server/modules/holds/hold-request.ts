import type { CatalogKey } from "../../../shared/constants.js";
import type { BookingKind } from "../../db/schema.js";
import type { Hit } from "../../infrastructure/rate-limit/repository.js";

/** One request for a seat, with everything the statement needs decided beforehand. */
export interface HoldRequest {
  hold: { id: string; user_id: string; kind: BookingKind; target_id: string; expires_at: string; created_at: string };
  /** The plan asked for (mock interviews); the slot's first plan when absent. */
  wantedPackage: CatalogKey | undefined;
  nowIso: string;
  /** Sessions starting at or before this are inside the booking cut-off. */
  cutoffIso: string;
  /** Today in the platform zone: an internship can be joined until the day it starts. */
  today: string;
  /** The student's hold budget, spent by the same statement (docs/decisions/0230-hold-spends-its-budget-in-its-statement.md). */
  budget: Hit & { max: number };
}

/** What the statement saw about the target and the student, and whether it took the seat. */
export interface HoldAttempt {
  capacity: number;
  open: boolean;
  /** Not started, but inside the booking cut-off. */
  closing: boolean;
  packageKey: string | null;
  packageAllowed: boolean;
  available: boolean;
  ownBookingStatus: string | null;
  seatsTaken: number;
  /** The target of the student's hold of this kind before this request (replaced if taken). */
  previousTargetId: string | null;
  /** Students wait for that previous target: replacing the hold frees a seat they are owed. */
  previousLine: boolean;
  taken: boolean;
}

/** What a hold request did: the budget it spent, and what it saw unless the budget was already spent. */
export interface HoldOutcome {
  spent: { hits: number; resetsAt: number };
  /** Undefined when the target does not exist or the budget was spent before this request. */
  attempt: HoldAttempt | undefined;
}

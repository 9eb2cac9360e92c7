import type { Compilable, Transaction } from "kysely";
import { readCompiled } from "../../db/compiled-statements.js";
import type { Db } from "../../db/database.js";
import type { Database } from "../../db/schema.js";

/**
 * Every row that says something about one student, read for their export and erased or
 * de-personalised for their deletion (docs/product.md, Your data). It reads across the tables of
 * several features on purpose: personal data is one concern spanning all of them.
 */
const bookingIdsOf = (db: Db, userId: string) => db.selectFrom("bookings").select("id").where("user_id", "=", userId);

/** Who the export is of: the account's id and its e-mail, lower-cased. */
type Whose = { userId: string; email: string };

/** One read of the export, compiled once (it sends two dozen at every export: docs/benchmarks.md, Scale). */
const exportRead =
  (db: Db, whose: Whose) =>
  <O>(name: string, build: (v: Whose) => Compilable<O>): Promise<O[]> =>
    readCompiled(db, `export: ${name}`, whose, build);

export async function findPersonalData(db: Db, userId: string, email: string) {
  const read = exportRead(db, { userId, email: email.toLowerCase() });
  const first = async <O>(rows: Promise<O[]>) => (await rows)[0];
  const [account, profile, phoneCodes, resume, payments, invoices, scorecards, certificates] = await Promise.all([
    first(
      read("account", (v) => db.selectFrom("user").select(["email", "name", "createdAt"]).where("id", "=", v.userId)),
    ),
    first(
      read("profile", (v) =>
        db
          .selectFrom("profiles")
          .select(["first_name", "last_name", "qualification", "phone", "phone_verified_at", "state", "completed_at"])
          .where("user_id", "=", v.userId),
      ),
    ),
    read("phone codes", (v) =>
      db
        .selectFrom("otp_codes")
        .select(["phone", "created_at", "consumed_at", "attempts"])
        .where("user_id", "=", v.userId)
        .orderBy("created_at"),
    ),
    first(
      read("resume", (v) => db.selectFrom("resumes").select(["url", "updated_at"]).where("user_id", "=", v.userId)),
    ),
    read("payments", (v) =>
      db
        .selectFrom("payments")
        .select([
          "booking_id",
          "provider",
          "order_id",
          "payment_id",
          "amount_paise",
          "currency",
          "status",
          "created_at",
        ])
        .where("booking_id", "in", bookingIdsOf(db, v.userId))
        .orderBy("created_at"),
    ),
    read("tax documents", (v) =>
      db
        .selectFrom("tax_documents")
        .select(["type", "number", "issued_at", "buyer_name", "buyer_state", "description", "total_paise"])
        .where("buyer_user_id", "=", v.userId)
        .orderBy("issued_at"),
    ),
    read("scorecards", (v) =>
      db
        .selectFrom("scorecards")
        .select(["booking_id", "scores", "overall", "tags", "notes", "recording_url", "created_at"])
        .where("booking_id", "in", bookingIdsOf(db, v.userId)),
    ),
    read("certificates", (v) =>
      db
        .selectFrom("certificates")
        .select(["code", "kind", "title", "recipient_name", "issued_at", "revoked_at"])
        .where("user_id", "=", v.userId),
    ),
  ]);
  const activity = await findActivityData(db, read);
  const programme = await findProgrammeData(db, read);
  return {
    account,
    profile,
    phoneCodes,
    resume,
    payments,
    invoices,
    scorecards,
    certificates,
    ...activity,
    ...programme,
  };
}

type ExportRead = ReturnType<typeof exportRead>;

/** What the student wrote in the internship programme and workshop capstones (docs/product.md, Internship programme). */
async function findProgrammeData(db: Db, read: ExportRead) {
  const [internshipApplications, submissions, submissionComments, standups, onboardingCalls] = await Promise.all([
    read("internship applications", (v) =>
      db
        .selectFrom("internship_applications")
        .select([
          "internship_id",
          "college",
          "year_of_study",
          "graduation_year",
          "motivation",
          "project_url",
          "updated_at",
        ])
        .where("user_id", "=", v.userId),
    ),
    read("submissions", (v) =>
      db
        .selectFrom("submissions")
        .select(["booking_id", "kind", "week", "url", "note", "status", "submitted_at", "reviewed_at"])
        .where("booking_id", "in", bookingIdsOf(db, v.userId))
        .orderBy("submitted_at"),
    ),
    read("submission comments", (v) =>
      db
        .selectFrom("submission_comments")
        .select(["submission_id", "author_role", "author_name", "body", "created_at"])
        .where(
          "submission_id",
          "in",
          db.selectFrom("submissions").select("id").where("booking_id", "in", bookingIdsOf(db, v.userId)),
        )
        .orderBy("created_at"),
    ),
    read("standups", (v) =>
      db
        .selectFrom("standups")
        .select(["booking_id", "week", "done", "next", "blockers", "created_at"])
        .where("booking_id", "in", bookingIdsOf(db, v.userId))
        .orderBy("created_at"),
    ),
    read("onboarding calls", (v) =>
      db
        .selectFrom("onboarding_calls")
        .select(["booking_id", "start_at", "end_at"])
        .where("booking_id", "in", bookingIdsOf(db, v.userId)),
    ),
  ]);
  return { internshipApplications, submissions, submissionComments, standups, onboardingCalls };
}

/** The student's notifications, messages, places in line, holds and coupon use. */
async function findActivityData(db: Db, read: ExportRead) {
  const [notifications, contactMessages, waitlist, holds, couponRedemptions, practice] = await Promise.all([
    read("notifications", (v) =>
      db
        .selectFrom("notifications")
        .select(["type", "title", "body", "link", "read_at", "created_at"])
        .where("user_id", "=", v.userId)
        .orderBy("created_at"),
    ),
    read("contact messages", (v) =>
      db
        .selectFrom("contact_messages")
        .select(["name", "email", "subject", "message", "created_at"])
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", v.email))
        .orderBy("created_at"),
    ),
    read("waitlist", (v) =>
      db
        .selectFrom("waitlist_entries")
        .select(["kind", "target_id", "package_key", "status", "created_at"])
        .where("user_id", "=", v.userId),
    ),
    read("holds", (v) =>
      db.selectFrom("holds").select(["kind", "target_id", "package_key", "expires_at"]).where("user_id", "=", v.userId),
    ),
    read("coupon redemptions", (v) =>
      db
        .selectFrom("coupon_redemptions")
        .innerJoin("coupons", "coupons.id", "coupon_redemptions.coupon_id")
        .select(["coupon_redemptions.booking_id", "coupons.code", "coupon_redemptions.discount_paise"])
        .where("coupon_redemptions.booking_id", "in", bookingIdsOf(db, v.userId)),
    ),
    findPracticeData(db, read),
  ]);
  const contactReplies = await read("contact replies", (v) =>
    db
      .selectFrom("contact_replies")
      .innerJoin("contact_messages", "contact_messages.id", "contact_replies.message_id")
      .select([
        "contact_messages.subject",
        "contact_replies.body",
        "contact_replies.created_at",
        "contact_replies.sent_at",
      ])
      .where((eb) => eb(eb.fn("lower", ["contact_messages.email"]), "=", v.email))
      .orderBy("contact_replies.created_at"),
  );
  return { notifications, contactMessages, contactReplies, waitlist, holds, couponRedemptions, practice };
}

async function findPracticeData(db: Db, read: ExportRead) {
  const [marks, rounds] = await Promise.all([
    read("practice marks", (v) =>
      db.selectFrom("practice_marks").select(["question_id", "done_at", "saved_at"]).where("user_id", "=", v.userId),
    ),
    read("practice rounds", (v) =>
      db
        .selectFrom("practice_rounds")
        .select(["domain", "started_at", "finished_at", "minutes"])
        .where("user_id", "=", v.userId)
        .orderBy("started_at"),
    ),
  ]);
  return { marks, rounds };
}

/** The address an erased account keeps, so the e-mail is free for a new account and nothing collides. */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/**
 * Removes the student's personal data inside the caller's transaction. Bookings and payments stay
 * for the accounts, tied to an account that no longer names anyone; issued tax invoices and credit
 * notes stay exactly as issued, as the law requires, for admins only
 * (docs/decisions/0305-issued-tax-documents-never-change.md); certificates stay verifiable without
 * the holder's name; sessions end everywhere.
 */
export async function erasePersonalData(
  trx: Transaction<Database>,
  userId: string,
  email: string,
  now: string,
): Promise<void> {
  const bookingIds = bookingIdsInTransaction(trx, userId);
  // The hold log too: who held which session when (docs/privacy.md, Holds).
  const tables = [
    "profiles",
    "otp_codes",
    "resumes",
    "notifications",
    "waitlist_entries",
    "holds",
    "hold_log",
  ] as const;
  for (const table of [...tables, "practice_marks", "practice_rounds", "alert_channels"] as const) {
    await trx.deleteFrom(table).where("user_id", "=", userId).execute();
  }
  await trx.deleteFrom("scorecards").where("booking_id", "in", bookingIds).execute();
  // The interview room: the code written and the interviewer's notes about the student.
  for (const table of ["room_code_updates", "room_notes", "room_signals"] as const) {
    await trx.deleteFrom(table).where("booking_id", "in", bookingIds).execute();
  }
  await eraseProgrammeData(trx, userId, bookingIds);
  await trx
    .deleteFrom("contact_messages")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .execute();
  await trx.deleteFrom("outbox_messages").where("to_address", "=", email).execute();
  await trx.updateTable("certificates").set({ recipient_name: "" }).where("user_id", "=", userId).execute();
  await trx
    .updateTable("bookings")
    .set({ meeting_link: null, cancel_reason: null, updated_at: now })
    .where("user_id", "=", userId)
    .execute();
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
  await trx.deleteFrom("account").where("userId", "=", userId).execute();
  await trx
    .updateTable("user")
    .set({ email: erasedEmail(userId), name: "", image: null, emailVerified: 0, updatedAt: now })
    .where("id", "=", userId)
    .execute();
}

/** The application, hand-ins with their threads, standups and onboarding calls: all the student's own words. */
async function eraseProgrammeData(trx: Transaction<Database>, userId: string, bookingIds: UserBookingIds) {
  const submissionIds = trx.selectFrom("submissions").select("id").where("booking_id", "in", bookingIds);
  await trx.deleteFrom("submission_comments").where("submission_id", "in", submissionIds).execute();
  for (const table of ["submissions", "standups", "onboarding_calls"] as const) {
    await trx.deleteFrom(table).where("booking_id", "in", bookingIds).execute();
  }
  await trx.deleteFrom("internship_applications").where("user_id", "=", userId).execute();
}
type UserBookingIds = ReturnType<typeof bookingIdsInTransaction>;
const bookingIdsInTransaction = (trx: Transaction<Database>, userId: string) =>
  trx.selectFrom("bookings").select("id").where("user_id", "=", userId);

/** The student's holds, released (and offered to the line) before the erasure. */
export async function findHoldIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom("holds").select("id").where("user_id", "=", userId).execute();
  return rows.map((h) => h.id);
}

import type { Kysely } from "kysely";

const text = "text" as const;
const int = "integer" as const;

/** The whole data model of the product; later changes come as new migrations. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createAccountTables(db);
  await createCatalogTables(db);
  await createBookingTables(db);
  await createFollowUpTables(db);
}

/** Admins, catalog, outbox, profiles, phone codes and contact messages. */
async function createAccountTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admins")
    .addColumn("email", text, (c) => c.primaryKey())
    .addColumn("added_by", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("catalog_items")
    .addColumn("key", text, (c) => c.primaryKey())
    .addColumn("available", int, (c) => c.notNull())
    .addColumn("price_paise", int, (c) => c.notNull())
    .addColumn("updated_at", text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("outbox_messages")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("channel", text, (c) => c.notNull())
    .addColumn("to_address", text, (c) => c.notNull())
    .addColumn("subject", text, (c) => c.notNull())
    .addColumn("text", text, (c) => c.notNull())
    .addColumn("html", text)
    .addColumn("attachments", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("outbox_messages_created_idx").on("outbox_messages").column("created_at").execute();

  await db.schema
    .createTable("profiles")
    .addColumn("user_id", text, (c) => c.primaryKey())
    .addColumn("first_name", text, (c) => c.notNull())
    .addColumn("last_name", text, (c) => c.notNull())
    .addColumn("qualification", text, (c) => c.notNull())
    .addColumn("status", text, (c) => c.notNull())
    .addColumn("phone", text, (c) => c.notNull())
    .addColumn("phone_verified_at", text)
    .addColumn("completed_at", text)
    .addColumn("updated_at", text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("otp_codes")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("user_id", text, (c) => c.notNull())
    .addColumn("phone", text, (c) => c.notNull())
    .addColumn("code_hash", text, (c) => c.notNull())
    .addColumn("attempts", int, (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", text, (c) => c.notNull())
    .addColumn("consumed_at", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("otp_codes_user_idx").on("otp_codes").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("name", text, (c) => c.notNull())
    .addColumn("email", text, (c) => c.notNull())
    .addColumn("subject", text, (c) => c.notNull())
    .addColumn("message", text, (c) => c.notNull())
    .addColumn("handled_at", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .execute();
}

/** Interviewers and what students book: slots, internships, workshops. */
async function createCatalogTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("interviewers")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("name", text, (c) => c.notNull())
    .addColumn("email", text, (c) => c.notNull())
    .addColumn("phone", text, (c) => c.notNull())
    .addColumn("phone_key", text, (c) => c.notNull().unique())
    .addColumn("qualification", text, (c) => c.notNull())
    .addColumn("company_types", text, (c) => c.notNull())
    .addColumn("reviewed_by", text, (c) => c.notNull())
    .addColumn("active", int, (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", text, (c) => c.notNull())
    .addColumn("updated_at", text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("slots")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("interviewer_id", text, (c) => c.references("interviewers.id").onDelete("set null"))
    .addColumn("interviewer_name", text, (c) => c.notNull())
    .addColumn("interviewer_email", text, (c) => c.notNull())
    .addColumn("interviewer_phone", text, (c) => c.notNull())
    .addColumn("details", text, (c) => c.notNull().defaultTo(""))
    .addColumn("start_at", text, (c) => c.notNull())
    .addColumn("end_at", text, (c) => c.notNull())
    .addColumn("package_types", text, (c) => c.notNull())
    .addColumn("capacity", int, (c) => c.notNull())
    .addColumn("status", text, (c) => c.notNull())
    .addColumn("meeting_link", text)
    .addColumn("cancelled_at", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .addColumn("updated_at", text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("slots_status_start_idx").on("slots").columns(["status", "start_at"]).execute();
  await db.schema.createIndex("slots_start_idx").on("slots").column("start_at").execute();

  await db.schema
    .createTable("internships")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("title", text, (c) => c.notNull())
    .addColumn("mentor", text, (c) => c.notNull())
    .addColumn("start_date", text, (c) => c.notNull())
    .addColumn("weeks", int, (c) => c.notNull())
    .addColumn("week_plans", text, (c) => c.notNull())
    .addColumn("track_key", text, (c) => c.notNull())
    .addColumn("capacity", int, (c) => c.notNull().defaultTo(30))
    .addColumn("meeting_link", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .addColumn("updated_at", text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("internships_start_idx").on("internships").column("start_date").execute();

  await db.schema
    .createTable("workshops")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("topic_key", text, (c) => c.notNull())
    .addColumn("title", text, (c) => c.notNull())
    .addColumn("level", text, (c) => c.notNull())
    .addColumn("start_at", text, (c) => c.notNull())
    .addColumn("end_at", text, (c) => c.notNull())
    .addColumn("capacity", int, (c) => c.notNull())
    .addColumn("status", text, (c) => c.notNull())
    .addColumn("meeting_link", text)
    .addColumn("cancelled_at", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .addColumn("updated_at", text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("workshops_status_start_idx").on("workshops").columns(["status", "start_at"]).execute();
}

/** Holds, bookings, payments and webhook events. */
async function createBookingTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("holds")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("user_id", text, (c) => c.notNull())
    .addColumn("kind", text, (c) => c.notNull())
    .addColumn("target_id", text, (c) => c.notNull())
    .addColumn("expires_at", text, (c) => c.notNull())
    .addColumn("created_at", text, (c) => c.notNull())
    .addUniqueConstraint("holds_user_kind_unique", ["user_id", "kind"])
    .execute();
  await db.schema.createIndex("holds_target_idx").on("holds").columns(["target_id", "expires_at"]).execute();

  await db.schema
    .createTable("bookings")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("user_id", text, (c) => c.notNull())
    .addColumn("kind", text, (c) => c.notNull())
    .addColumn("target_id", text, (c) => c.notNull())
    .addColumn("package_key", text, (c) => c.notNull())
    .addColumn("status", text, (c) => c.notNull())
    .addColumn("amount_paise", int, (c) => c.notNull())
    .addColumn("seat_expires_at", text)
    .addColumn("meeting_link", text)
    .addColumn("ics_sequence", int, (c) => c.notNull().defaultTo(0))
    .addColumn("attendance", text)
    .addColumn("flag", text)
    .addColumn("confirmed_at", text)
    .addColumn("cancelled_at", text)
    .addColumn("cancel_reason", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .addColumn("updated_at", text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bookings_target_status_idx").on("bookings").columns(["target_id", "status"]).execute();
  await db.schema.createIndex("bookings_user_idx").on("bookings").columns(["user_id", "status"]).execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("booking_id", text, (c) => c.notNull().references("bookings.id"))
    .addColumn("provider", text, (c) => c.notNull())
    .addColumn("order_id", text, (c) => c.notNull().unique())
    .addColumn("payment_id", text)
    .addColumn("amount_paise", int, (c) => c.notNull())
    .addColumn("currency", text, (c) => c.notNull())
    .addColumn("status", text, (c) => c.notNull())
    .addColumn("refund_id", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .addColumn("updated_at", text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_booking_idx").on("payments").column("booking_id").execute();

  await db.schema
    .createTable("webhook_events")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("provider", text, (c) => c.notNull())
    .addColumn("received_at", text, (c) => c.notNull())
    .execute();
}

/** Scorecards, notifications, jobs, certificates and the audit log. */
async function createFollowUpTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("scorecards")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("booking_id", text, (c) => c.notNull().unique().references("bookings.id"))
    .addColumn("scores", text, (c) => c.notNull())
    .addColumn("overall", int, (c) => c.notNull())
    .addColumn("tags", text, (c) => c.notNull())
    .addColumn("notes", text, (c) => c.notNull())
    .addColumn("recording_url", text)
    .addColumn("created_by", text, (c) => c.notNull())
    .addColumn("created_at", text, (c) => c.notNull())
    .addColumn("updated_at", text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("user_id", text, (c) => c.notNull())
    .addColumn("type", text, (c) => c.notNull())
    .addColumn("title", text, (c) => c.notNull())
    .addColumn("body", text, (c) => c.notNull())
    .addColumn("link", text)
    .addColumn("read_at", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("notifications_user_idx")
    .on("notifications")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("type", text, (c) => c.notNull())
    .addColumn("payload", text, (c) => c.notNull())
    .addColumn("run_at", text, (c) => c.notNull())
    .addColumn("status", text, (c) => c.notNull())
    .addColumn("attempts", int, (c) => c.notNull().defaultTo(0))
    .addColumn("locked_by", text)
    .addColumn("locked_until", text)
    .addColumn("last_error", text)
    .addColumn("dedupe_key", text, (c) => c.unique())
    .addColumn("created_at", text, (c) => c.notNull())
    .addColumn("updated_at", text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["status", "run_at"]).execute();

  await db.schema
    .createTable("certificates")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("code", text, (c) => c.notNull().unique())
    .addColumn("user_id", text, (c) => c.notNull())
    .addColumn("booking_id", text, (c) => c.notNull().unique().references("bookings.id"))
    .addColumn("kind", text, (c) => c.notNull())
    .addColumn("recipient_name", text, (c) => c.notNull())
    .addColumn("title", text, (c) => c.notNull())
    .addColumn("issued_at", text, (c) => c.notNull())
    .addColumn("revoked_at", text)
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", text, (c) => c.primaryKey())
    .addColumn("actor_email", text, (c) => c.notNull())
    .addColumn("action", text, (c) => c.notNull())
    .addColumn("entity", text, (c) => c.notNull())
    .addColumn("entity_id", text)
    .addColumn("before", text)
    .addColumn("after", text)
    .addColumn("created_at", text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity", "created_at"]).execute();
}

export async function down(): Promise<void> {
  throw new Error("The initial migration is not reversible; restore from a backup instead.");
}

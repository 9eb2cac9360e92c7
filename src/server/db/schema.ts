import type { ColumnType } from "kysely";
import type { BookingKind } from "../../shared/constants.js";

/**
 * One typed interface per table. Instants are ISO-8601 UTC strings and booleans are 0/1 integers on
 * both dialects, so every query and comparison is written once (docs/decisions/0001-one-sql-path.md).
 * JSON columns are text holding JSON.
 */

export type Bool = 0 | 1;

export interface AdminsTable {
  email: string;
  added_by: string | null;
  created_at: string;
}

export interface CatalogItemsTable {
  key: string;
  available: Bool;
  price_paise: number;
  /** The admin's one line on why it is not available; null shows the standard sentence. */
  unavailable_reason: string | null;
  updated_at: string;
  /** A workshop topic's or internship track's name, the admin's; null for the mock-interview packages. */
  label: string | null;
  /** A topic's or track's place in its list; null for the mock-interview packages. */
  position: number | null;
}

export interface OutboxMessagesTable {
  id: string;
  channel: "email" | "sms";
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: string | null;
  created_at: string;
}

export interface ProfilesTable {
  user_id: string;
  first_name: string;
  last_name: string;
  qualification: string;
  status: string;
  phone: string;
  phone_verified_at: string | null;
  completed_at: string | null;
  updated_at: string;
  /** GST state code (the place of supply on invoices); null until the student gives it. */
  state: string | null;
}

export interface OtpCodesTable {
  id: string;
  user_id: string;
  phone: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  handled_at: string | null;
  created_at: string;
}

/** An admin's reply to a contact message, mailed to its sender (migration 0391). */
export interface ContactRepliesTable {
  id: string;
  message_id: string;
  author_email: string;
  body: string;
  created_at: string;
  /** When the mail went; null while it waits in the job queue. */
  sent_at: string | null;
}

export interface InterviewersTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  phone_key: string;
  qualification: string;
  company_types: string;
  reviewed_by: string;
  active: Bool;
  /** The internship track this interviewer mentors (a catalog key), null when not a mentor. */
  mentor_track: string | null;
  /** JSON array of the mock-interview domains they cover (DOMAINS); every domain unless narrowed. */
  domains: string;
  created_at: string;
  updated_at: string;
}

/** The secret in an interviewer's private calendar-feed URL, made when they first ask for it. */
export interface InterviewerCalendarsTable {
  interviewer_id: string;
  token: string;
  created_at: string;
}

export interface SlotsTable {
  id: string;
  interviewer_id: string | null;
  interviewer_name: string;
  interviewer_email: string;
  interviewer_phone: string;
  details: string;
  start_at: string;
  end_at: string;
  package_types: string;
  capacity: number;
  status: string;
  meeting_link: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface InternshipsTable {
  id: string;
  title: string;
  mentor: string;
  start_date: string;
  weeks: number;
  week_plans: string;
  track_key: string;
  capacity: number;
  meeting_link: string | null;
  /** Set when an admin cancelled the whole batch (its bookings refunded). */
  cancelled_at: string | null;
  /** The batch's demo day, its last session, once an admin scheduled it. */
  demo_day_start_at: string | null;
  demo_day_end_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkshopsTable {
  id: string;
  topic_key: string;
  title: string;
  level: string;
  start_at: string;
  end_at: string;
  capacity: number;
  status: string;
  meeting_link: string | null;
  /** The interviewer who runs the session, if one was chosen (docs/decisions/0141-one-interviewer-one-slot.md). */
  host_interviewer_id: string | null;
  /** What attendees build after the session, and until when they may hand it in. */
  capstone_brief: string | null;
  capstone_due_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export type { BookingKind };
export type BookingStatus =
  | "pending_payment"
  | "confirmed"
  | "completed"
  | "no_show"
  | "cancelled"
  | "failed"
  | "expired"
  /** An unpaid checkout replaced by a newer one of the same kind (docs/payments.md). */
  | "superseded"
  | "refunded_late";

export interface HoldsTable {
  id: string;
  user_id: string;
  kind: BookingKind;
  target_id: string;
  /** Defaults to "" for rows written before plans were recorded on holds. */
  package_key: ColumnType<string, string | undefined, string>;
  /** The mock-interview domain the student picked (DOMAINS); null for any. */
  domain: string | null;
  expires_at: string;
  created_at: string;
}

/** Every hold taken, kept after the hold is gone (the insights funnel counts them). */
export interface HoldLogTable {
  id: string;
  user_id: string;
  kind: BookingKind;
  target_id: string;
  package_key: string;
  created_at: string;
  /**
   * What followed the hold, kept by the database (migration 0434): null nothing, 1 the student booked the
   * session at or after it, 2 that booking was paid.
   */
  outcome: number | null;
}

export interface BookingsTable {
  id: string;
  user_id: string;
  kind: BookingKind;
  target_id: string;
  package_key: string;
  /** The mock-interview domain the student picked (DOMAINS); null for any. */
  domain: string | null;
  status: BookingStatus;
  amount_paise: number;
  /** While pending_payment, the seat is held until this instant. */
  seat_expires_at: string | null;
  meeting_link: string | null;
  ics_sequence: number;
  attendance: string | null;
  flag: string | null;
  confirmed_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** Set when an admin moved the session after payment: a free cancel until it starts. */
  moved_at: string | null;
  /** The session's start (an internship's start date), kept by triggers (migration 0321). */
  session_start?: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentsTable {
  id: string;
  booking_id: string;
  provider: string;
  order_id: string;
  payment_id: string | null;
  amount_paise: number;
  currency: string;
  status: "created" | "paid" | "failed" | "refunded" | "refund_pending";
  refund_id: string | null;
  /** As the provider reports it (Razorpay: card, upi, netbanking, wallet…); null until known. */
  method: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventsTable {
  id: string;
  provider: string;
  received_at: string;
}

export interface ScorecardsTable {
  id: string;
  booking_id: string;
  scores: string;
  overall: number;
  tags: string;
  notes: string;
  recording_url: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

export interface JobsTable {
  id: string;
  type: string;
  payload: string;
  run_at: string;
  status: "pending" | "running" | "done" | "failed" | "skipped";
  attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface CertificatesTable {
  id: string;
  code: string;
  user_id: string;
  booking_id: string;
  kind: BookingKind;
  recipient_name: string;
  title: string;
  /** "completion" or "attendance": what the certificate says it is for. */
  award: string;
  /** What it was earned with, e.g. the internship's track, weeks and mentor. */
  details: string | null;
  issued_at: string;
  revoked_at: string | null;
}

/** What a student wrote when applying to an internship batch, before paying. */
export interface InternshipApplicationsTable {
  id: string;
  user_id: string;
  internship_id: string;
  college: string;
  year_of_study: string;
  graduation_year: number;
  motivation: string;
  project_url: string;
  created_at: string;
  updated_at: string;
}

/** A paid internship booking's place in the programme: its mentor and demo-day attendance. */
export interface ProgrammeEnrolmentsTable {
  booking_id: string;
  internship_id: string;
  mentor_id: string | null;
  matched_at: string;
  demo_attended_at: string | null;
}

/** The 30-minute call with the mentor; the join URL is the batch's meeting link for now. */
export interface OnboardingCallsTable {
  id: string;
  booking_id: string;
  mentor_id: string;
  start_at: string;
  end_at: string;
  join_url: string | null;
  created_at: string;
}

/** A link handed in for an internship week (kind "milestone") or a workshop capstone (week 0). */
export interface SubmissionsTable {
  id: string;
  booking_id: string;
  kind: "milestone" | "capstone";
  week: number;
  url: string;
  note: string;
  status: "submitted" | "changes_requested" | "approved";
  submitted_at: string;
  reviewed_at: string | null;
  reviewer_email: string | null;
}

export interface SubmissionCommentsTable {
  id: string;
  submission_id: string;
  author_role: "student" | "reviewer";
  author_name: string;
  body: string;
  created_at: string;
}

export interface StandupsTable {
  id: string;
  booking_id: string;
  week: number;
  done: string;
  next: string;
  blockers: string;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_email: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

/** A student waiting to hear when an unavailable package opens (docs/product.md, Catalog). */
export interface AvailabilityAlertsTable {
  user_id: string;
  package_key: string;
  created_at: string;
}

export interface ResumesTable {
  user_id: string;
  url: string;
  updated_at: string;
}

export interface CouponsTable {
  id: string;
  code: string;
  percent_off: number | null;
  amount_off_paise: number | null;
  max_redemptions: number | null;
  valid_from: string | null;
  valid_to: string | null;
  /** JSON array of catalog keys; empty means every package. */
  packages: string;
  active: Bool;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface CouponRedemptionsTable {
  booking_id: string;
  coupon_id: string;
  list_price_paise: number;
  discount_paise: number;
  created_at: string;
}

/** One rate-limit budget: hits in the current window, which ends at `resets_at` (epoch ms). */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  resets_at: number;
}

export interface DocumentCountersTable {
  series: string;
  financial_year: string;
  last_number: number;
}

export type TaxDocumentType = "invoice" | "receipt" | "credit_note" | "refund_receipt";

export interface TaxDocumentsTable {
  id: string;
  type: TaxDocumentType;
  number: string;
  financial_year: string;
  booking_id: string;
  payment_id: string;
  /** A credit note's (or refund receipt's) invoice or receipt. */
  original_id: string | null;
  issued_at: string;
  buyer_user_id: string;
  buyer_name: string;
  buyer_email: string;
  buyer_state: string | null;
  place_of_supply: string | null;
  supplier_name: string;
  supplier_address: string;
  supplier_gstin: string | null;
  description: string;
  sac: string;
  list_price_paise: number;
  discount_paise: number;
  total_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
}

export type WaitlistStatus = "waiting" | "offered" | "accepted" | "lapsed" | "closed";

export interface WaitlistEntriesTable {
  id: string;
  user_id: string;
  kind: BookingKind;
  target_id: string;
  package_key: string;
  status: WaitlistStatus;
  /** While offered, the freed seat is held for this student until this instant. */
  offer_expires_at: string | null;
  offered_at: string | null;
  /** The session's start (an internship's start date), kept by triggers (migration 0425). */
  session_start?: string | null;
  created_at: string;
  updated_at: string;
}

/** A question of the practice bank; `hints` is a JSON array of strings. */
export interface PracticeQuestionsTable {
  id: string;
  domain: string;
  company_type: string;
  topic: string;
  difficulty: string;
  prompt: string;
  model_answer: string | null;
  hints: string;
  created_at: string;
  updated_at: string;
}

export interface PracticeMarksTable {
  user_id: string;
  question_id: string;
  done_at: string | null;
  saved_at: string | null;
  updated_at: string;
}

/** A timed practice round; `minutes` is set by the server when the round is finished. */
export interface PracticeRoundsTable {
  id: string;
  user_id: string;
  domain: string;
  started_at: string;
  finished_at: string | null;
  minutes: number | null;
}

/** A student's channels for time-critical news; 0/1 each. */
export interface AlertChannelsTable {
  user_id: string;
  sms: 0 | 1;
  whatsapp: 0 | 1;
  updated_at: string;
}

/** better-auth's user table, read by our queries (better-auth owns its schema). */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

/** better-auth's session and account tables, as erasure removes them. */
export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: string | Date;
}

export interface AuthAccountTable {
  id: string;
  userId: string;
  providerId: string;
}

/** The shared editor of a booking's room: Yjs updates, base64 (merged into one row now and then). */
export interface RoomCodeUpdatesTable {
  id: string;
  booking_id: string;
  update_data: string;
  created_at: string;
}

/** The interviewer's private notes of a session, timed from its start. */
export interface RoomNotesTable {
  id: string;
  booking_id: string;
  text: string;
  at_second: number;
  created_at: string;
}

/** WebRTC negotiation messages between server processes; read within seconds, swept after minutes. */
export interface RoomSignalsTable {
  id: string;
  booking_id: string;
  body: string;
  created_at: string;
}

export interface Database {
  admins: AdminsTable;
  catalog_items: CatalogItemsTable;
  outbox_messages: OutboxMessagesTable;
  profiles: ProfilesTable;
  otp_codes: OtpCodesTable;
  contact_messages: ContactMessagesTable;
  contact_replies: ContactRepliesTable;
  interviewers: InterviewersTable;
  slots: SlotsTable;
  internships: InternshipsTable;
  workshops: WorkshopsTable;
  holds: HoldsTable;
  hold_log: HoldLogTable;
  bookings: BookingsTable;
  payments: PaymentsTable;
  webhook_events: WebhookEventsTable;
  scorecards: ScorecardsTable;
  notifications: NotificationsTable;
  jobs: JobsTable;
  certificates: CertificatesTable;
  audit_log: AuditLogTable;
  resumes: ResumesTable;
  availability_alerts: AvailabilityAlertsTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  account: AuthAccountTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  document_counters: DocumentCountersTable;
  tax_documents: TaxDocumentsTable;
  rate_limit_hits: RateLimitHitsTable;
  interviewer_calendars: InterviewerCalendarsTable;
  waitlist_entries: WaitlistEntriesTable;
  practice_questions: PracticeQuestionsTable;
  practice_marks: PracticeMarksTable;
  practice_rounds: PracticeRoundsTable;
  alert_channels: AlertChannelsTable;
  room_code_updates: RoomCodeUpdatesTable;
  room_notes: RoomNotesTable;
  room_signals: RoomSignalsTable;
  internship_applications: InternshipApplicationsTable;
  programme_enrolments: ProgrammeEnrolmentsTable;
  onboarding_calls: OnboardingCallsTable;
  submissions: SubmissionsTable;
  submission_comments: SubmissionCommentsTable;
  standups: StandupsTable;
  recordings: RecordingsTable;
  recording_consents: RecordingConsentsTable;
  resume_files: ResumeFilesTable;
  insight_days: InsightDaysTable;
  insight_day_money: InsightDayMoneyTable;
  insight_money_days: InsightMoneyDaysTable;
  insight_kept_days: InsightKeptDaysTable;
  insight_day_marks: InsightDayMarksTable;
  insight_day_coupons: InsightDayCouponsTable;
  feedback_wait_days: FeedbackWaitDaysTable;
  feedback_wait_hours: FeedbackWaitHoursTable;
  invoice_csv_days: InvoiceCsvDaysTable;
}

export type RecordingConsent = "accepted" | "declined";
export type RecordingParticipant = "student" | "interviewer";
/** `uploading` while the session runs; `uploaded` once that side is in; `ready` when both are. */
export type RecordingStatus = "uploading" | "uploaded" | "ready";

/** A booking's consent to record: the interviewer asked, the student answered (once). */
export interface RecordingConsentsTable {
  booking_id: string;
  asked_at: string;
  consent: RecordingConsent | null;
  answered_at: string | null;
  /** When either person stopped the recording; nothing more is recorded after it. */
  stopped_at: string | null;
}

export interface RecordingsTable {
  id: string;
  booking_id: string;
  participant: RecordingParticipant;
  /** 1, 2, …: a reloaded page goes on in the next part; the replay plays them in order. */
  part: number;
  user_id: string;
  status: RecordingStatus;
  upload_id: string;
  storage_key: string | null;
  size_bytes: number | null;
  duration_ms: number | null;
  content_type: string;
  /** The part's WebVTT captions in storage, if any. */
  captions_key: string | null;
  created_at: string;
  updated_at: string;
}

/** A student's resume as an uploaded PDF; `replaced_at` once a newer one took its place. */
export interface ResumeFilesTable {
  id: string;
  user_id: string;
  storage_key: string;
  size_bytes: number;
  created_at: string;
  replaced_at: string | null;
}

/** One settled platform-zone day of Insights' hold funnel (docs/decisions/0380-daily-rollups.md). */
export interface InsightDaysTable {
  time_zone: string;
  day: string;
  /** The day's instants [day_from, day_to): a hold's later outcome drops the day holding it (migration 0438). */
  day_from: string;
  day_to: string;
  holds: number;
  checkouts: number;
  paid_holds: number;
  rolled_at: string;
}

/** A day whose money is kept in `insight_day_money` (docs/decisions/0441-money-and-funnel-kept-an-hour-after.md). */
export interface InsightMoneyDaysTable {
  time_zone: string;
  day: string;
  rolled_at: string;
}

/** One settled day's money per package: paid by `confirmed_at`, refunded by `cancelled_at`. */
export interface InsightDayMoneyTable {
  time_zone: string;
  day: string;
  package_key: string;
  gross_paise: number;
  paid: number;
  refunds_paise: number;
}

/**
 * A settled day whose session figures are kept: its instants (so triggers drop it when a row feeding
 * it changes, docs/decisions/0421-kept-days-dropped-on-change.md) and the seats of the sessions
 * starting in it. Its marks and coupons count only while this row exists.
 */
export interface InsightKeptDaysTable {
  day: string;
  time_zone: string;
  day_from: string;
  day_to: string;
  capacity: number;
  sold: number;
  rolled_at: string;
}

/** Per kept day and package: attendance marked on the day's sessions and their scorecards. */
export interface InsightDayMarksTable {
  time_zone: string;
  day: string;
  package_key: string;
  attended: number;
  no_shows: number;
  score_total: number;
  scorecards: number;
}

/** Per kept day and code: redemptions on bookings paid in the day and still paid. */
export interface InsightDayCouponsTable {
  time_zone: string;
  day: string;
  code: string;
  redemptions: number;
  discount_paise: number;
  revenue_paise: number;
}

/** A settled UTC day of scorecards' first saves: how many waited each whole minute (JSON `{ "minutes": count }`). */
export interface FeedbackWaitDaysTable {
  day: string;
  waits: string;
  rolled_at: string;
}

/** The same per settled UTC hour (`YYYY-MM-DDTHH`), for the window's two ends (migration 0439). */
export interface FeedbackWaitHoursTable {
  hour: string;
  waits: string;
  rolled_at: string;
}

/** One settled day's lines of the invoices CSV, gzip-compressed. */
export interface InvoiceCsvDaysTable {
  time_zone: string;
  day: string;
  documents: number;
  /** The day's lines as raw DEFLATE ended by a sync flush (migration 0431). */
  lines_deflate: Uint8Array;
  /** CRC-32 and length of the lines, to send them inside one gzip stream unpacked. */
  lines_crc32: number;
  lines_bytes: number;
  rolled_at: string;
}

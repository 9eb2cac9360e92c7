/** The product's numbers (docs/product.md), defined once for client, server and tests. */

export const PLATFORM_TIME_ZONE_DEFAULT = "Asia/Kolkata";

/** What a student can book: a mock interview (a slot), a workshop session or an internship batch. */
export const BOOKING_KINDS = ["mock", "workshop", "internship"] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];
/** Booking statuses that keep a seat for good: paid, whatever happened at the session. */
export const PAID_STATUSES = ["confirmed", "completed", "no_show"] as const;
export type PaidStatus = (typeof PAID_STATUSES)[number];
/** Statuses of a waiting-line row that still stands in line (waiting, or holding an offered seat): each keeps a seat. */
export const WAITLIST_LIVE_STATUSES = ["waiting", "offered"] as const;

/** How long a hold keeps its seat while the student decides (docs/product.md, Holds). */
export const HOLD_MINUTES = 10;
/** How long a seat stays held while the student is paying, a failed payment included (docs/decisions/0130). */
export const PAYMENT_WINDOW_MINUTES = 15;
export const SLOT_END_MIN_LEAD_MINUTES = 5;
export const RESCHEDULE_MIN_NOTICE_HOURS = 12;
/** A session cannot be booked in its last hours before the start (docs/product.md, Holds). */
export const BOOKING_CUTOFF_HOURS = 2;
/**
 * How far ahead the booking page's date strip reaches, in days of the platform zone, today included
 * (docs/decisions/0240-slots-by-day.md).
 */
export const SLOT_DAYS_AHEAD = 60;
/** Full times listed with their waitlist under the free ones, soonest first (docs/product.md, Waitlist). */
export const FULL_TIMES_LISTED = 20;
/** An unavailable package's reason is one line on a plan card (docs/decisions/0190-unavailable-reasons-and-workshop-hosts.md). */
export const UNAVAILABLE_REASON_MAX = 120;
export const DEFAULT_SLOT_START = "19:00";
export const DEFAULT_SLOT_END = "19:45";
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** A new code can be asked for this long after the last one (the OTP step counts it down). */
export const OTP_RESEND_SECONDS = 30;
export const PHONE_DEFAULT_PREFIX = "+91";
export const PHONE_MIN_DIGITS = 10;
export const MOBILE_BREAKPOINT_PX = 768;
export const MAGIC_LINK_TTL_MINUTES = 10;
/** Admin access lasts this long after a sign-in (docs/security.md, Admin). */
export const ADMIN_SESSION_HOURS = 12;
/** Adding or removing an admin and issuing refunds need a sign-in this recent (docs/security.md, Admin). */
export const RECENT_SIGN_IN_MINUTES = 10;
export const CONTACT_RESPONSE_HOURS = 24;
export const LEGAL_LAST_UPDATED = "Sep 10, 2025";
export const DEFAULT_INTERNSHIP_TITLE = "Upcoming Internship";
export const INTERNSHIP_WEEKS = 6;

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const REQUEST_TIMEOUT_MS = 15_000;
export const RETRY_BACKOFF = { initialMs: 1_000, factor: 1.5, maxMs: 60_000 } as const;
export const STREAM_HEARTBEAT_MS = 10_000;
export const STREAM_IDLE_TIMEOUT_MS = 60_000;

export const SCROLL_SPY_THRESHOLDS = [0.4, 0.6, 0.9] as const;
export const TESTIMONIAL_CARD_COUNTS = [
  { minWidth: 1536, count: 32 },
  { minWidth: 1280, count: 28 },
  { minWidth: 768, count: 22 },
  { minWidth: 0, count: 14 },
] as const;
export const TESTIMONIAL_FLOAT_SECONDS = { min: 11, max: 19 } as const;

export const COMPANY_TYPES = ["service", "product", "maang"] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const SLOT_STATUSES = ["published", "draft"] as const;

export const PROFILE_STATUSES = ["completed", "inprogress"] as const;

export const SERVICE_TYPES = ["mockInterview", "internship", "workshop"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const WORKSHOP_TOPICS = [
  "ws_resume",
  "ws_dsa",
  "ws_systemdesign",
  "ws_web",
  "ws_mobile",
  "ws_ai_tooling",
] as const;
export type WorkshopTopic = `ws_${string}`;

export const INTERNSHIP_TRACKS = ["int_frontend", "int_backend", "int_ml", "int_mobile", "int_product"] as const;
export type InternshipTrack = `int_${string}`;

export const WORKSHOP_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export type WorkshopLevel = (typeof WORKSHOP_LEVELS)[number];

/** The catalog keys (docs/product.md, Catalog), in display order. */
export const CATALOG_KEYS = [...COMPANY_TYPES, ...WORKSHOP_TOPICS, ...INTERNSHIP_TRACKS] as const;
export type CatalogKey = CompanyType | WorkshopTopic | InternshipTrack;

/** Default availability and price in whole rupees (docs/product.md, Catalog). */
export const CATALOG_DEFAULTS: Record<CatalogKey, { available: boolean; priceRupees: number }> = {
  service: { available: true, priceRupees: 1200 },
  product: { available: false, priceRupees: 1800 },
  maang: { available: false, priceRupees: 5000 },
  ws_resume: { available: true, priceRupees: 699 },
  ws_dsa: { available: true, priceRupees: 999 },
  ws_systemdesign: { available: true, priceRupees: 1299 },
  int_frontend: { available: true, priceRupees: 4999 },
  int_backend: { available: true, priceRupees: 4999 },
  int_ml: { available: true, priceRupees: 5999 },
  ws_web: { available: true, priceRupees: 799 },
  ws_mobile: { available: true, priceRupees: 899 },
  ws_ai_tooling: { available: true, priceRupees: 899 },
  int_mobile: { available: true, priceRupees: 4999 },
  int_product: { available: true, priceRupees: 3999 },
};

export const CATALOG_LABELS: Record<CatalogKey, string> = {
  service: "Service-based",
  product: "Product-based",
  maang: "MAANG",
  ws_resume: "Resume workshop",
  ws_dsa: "DSA workshop",
  ws_systemdesign: "System Design workshop",
  int_frontend: "Frontend internship",
  int_backend: "Backend internship",
  int_ml: "Machine learning internship",
  ws_web: "Web workshop",
  ws_mobile: "Mobile workshop",
  ws_ai_tooling: "AI tooling workshop",
  int_mobile: "Mobile internship",
  int_product: "Product internship",
};

/** Interview rounds per mock package (docs/product.md, Catalog). */
export const PACKAGE_ROUNDS: Record<CompanyType, string> = {
  service: "TR, HR, Resume",
  product: "Phone, TR, HR, Resume",
  maang: "Phone, 2 TR, HR, Resume",
};

/** Interview domains (spec: SDE, product management, analytics, UI/UX), used by the practice bank. */
export const DOMAINS = ["sde", "pm", "analytics", "uiux"] as const;
export type Domain = (typeof DOMAINS)[number];
export const DOMAIN_LABELS: Record<Domain, string> = {
  sde: "SDE",
  pm: "Product management",
  analytics: "Analytics",
  uiux: "UI/UX",
};

export const PRACTICE_DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type PracticeDifficulty = (typeof PRACTICE_DIFFICULTIES)[number];
export const PRACTICE_DIFFICULTY_LABELS: Record<PracticeDifficulty, string> = {
  easy: "Easy",
  medium: "Medium",
  hard: "Hard",
};
/** One timed practice round; a round counts at most this long towards practice time. */
export const PRACTICE_MINUTES = 15;
export const PRACTICE_PAGE_SIZE = 20;
export const PRACTICE_TOPIC_MAX = 60;
export const PRACTICE_PROMPT_MAX = 1000;
export const PRACTICE_ANSWER_MAX = 4000;
export const PRACTICE_HINTS_MAX = 8;
export const PRACTICE_HINT_MAX = 300;
/** A CSV import is read in one request: at most this many rows (docs/admin.md, Practice questions). */
export const PRACTICE_IMPORT_MAX_ROWS = 2000;
export const PRACTICE_CSV_COLUMNS = [
  "domain",
  "company_type",
  "topic",
  "difficulty",
  "question",
  "model_answer",
  "hints",
] as const;

/**
 * The feedback-time figure (docs/decisions/0330-claims-from-data.md): scorecards written in this
 * many days after their session, and at least this many of them, or no figure at all.
 */
export const FEEDBACK_WINDOW_DAYS = 90;
export const FEEDBACK_MIN_SESSIONS = 10;

/** The interview room opens this long before a session starts and closes this long after it ends. */
export const ROOM_OPENS_BEFORE_MINUTES = 10;
export const ROOM_CLOSES_AFTER_MINUTES = 30;
/** How long issued TURN credentials stay valid: longer than the longest room (docs/operations.md, The interview room). */
export const TURN_CREDENTIAL_SECONDS = 4 * 60 * 60;
/** The shared editor's languages, the first being a new room's. */
export const ROOM_LANGUAGES = ["python", "java", "cpp", "javascript", "sql"] as const;
export type RoomLanguage = (typeof ROOM_LANGUAGES)[number];
export const ROOM_LANGUAGE_LABELS: Record<RoomLanguage, string> = {
  python: "Python",
  java: "Java",
  cpp: "C++",
  javascript: "JavaScript",
  sql: "SQL",
};
/** Largest saved editor document and largest single edit, in bytes of Yjs updates. */
export const ROOM_CODE_MAX_BYTES = 200 * 1024;
export const ROOM_NOTE_MAX_LENGTH = 2000;
/** Largest WebSocket message: an editor update at its largest, base64 (a third larger), with room to spare. */
export const LIVE_SOCKET_MAX_BYTES = Math.ceil((ROOM_CODE_MAX_BYTES * 4) / 3) + 4096;

/** The internship programme (docs/product.md, Internship programme). */
export const ONBOARDING_CALL_MINUTES = 30;
/** Onboarding calls are offered on weekdays between these hours of the platform zone, this many days ahead. */
export const ONBOARDING_CALL_HOURS = { from: 10, to: 18 } as const;
export const ONBOARDING_CALL_DAYS_AHEAD = 14;
/** A standup missing by this weekday of a programme week (1 = the week's first day) is reminded. */
export const STANDUP_REMINDER_DAY = 5;
/** A submission's link, note and review comment. */
export const SUBMISSION_NOTE_MAX = 2000;
export const STANDUP_FIELD_MAX = 1000;
export const DEMO_DAY_MAX_HOURS = 6;

/**
 * The landing page's prices: one read may take this long before the page says so and offers to try
 * again (it keeps retrying with RETRY_BACKOFF meanwhile); the last prices read stay on show.
 */
export const CATALOG_READ_TIMEOUT_MS = 4_000;
export const LAST_KNOWN_CATALOG_KEY = "careerprep.lastKnownCatalog";

import {
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type OnConflictDatabase,
  type OnConflictTables,
  type QueryCreator,
  type SqlBool,
  sql,
} from "kysely";
import { CATALOG_DEFAULTS, type CatalogKey, COMPANY_TYPES } from "../../../shared/constants.js";
import { createStatementCache } from "../../db/compiled-statements.js";
import { type Db, type Dialect, type Executor, forUpdate } from "../../db/database.js";
import type { BookingKind, Database, HoldsTable } from "../../db/schema.js";
import { budgetSpent, type Hit, hitStatement } from "../../infrastructure/rate-limit/repository.js";
import { SEAT_KEEPING_STATUSES } from "../seats/repository.js";
import { LIVE_STATUSES } from "../waitlist/repository.js";

/** The hot statements of holding and releasing, compiled once per shape (and prepared on PostgreSQL). */
const statements = createStatementCache();

/** The hold, locked on PostgreSQL: a doubled checkout waits here and then finds it gone. */
export function lockHoldById(db: Executor, dialect: Dialect, id: string) {
  return forUpdate(dialect, db.selectFrom("holds").selectAll().where("id", "=", id)).executeTakeFirst();
}

/** The student's unexpired hold on this session, locked on PostgreSQL (after the session, as every hold is). */
export function lockLiveHoldOn(
  db: Executor,
  dialect: Dialect,
  seat: { userId: string; kind: BookingKind; targetId: string; nowIso: string },
) {
  return forUpdate(
    dialect,
    db
      .selectFrom("holds")
      .select("id")
      .where("user_id", "=", seat.userId)
      .where("kind", "=", seat.kind)
      .where("target_id", "=", seat.targetId)
      .where("expires_at", ">", seat.nowIso),
  ).executeTakeFirst();
}

export function findHoldById(db: Executor, id: string) {
  return db.selectFrom("holds").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function deleteHoldRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("holds").where("id", "=", id).execute();
}

export function findActiveHoldsByUser(db: Executor, userId: string, nowIso: string) {
  return db.selectFrom("holds").selectAll().where("user_id", "=", userId).where("expires_at", ">", nowIso).execute();
}

/**
 * The student's holds written when a payment failed: failPayment writes the hold in the transaction
 * that marks the booking failed, with the one instant as the hold's start and the booking's last
 * change (docs/decisions/0130-failed-payment-keeps-the-seat.md); a later hold of the kind replaces
 * the row and its start.
 */
export async function findHoldIdsKeptAfterFailedPayment(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("holds")
    .innerJoin("bookings", (join) =>
      join
        .onRef("bookings.user_id", "=", "holds.user_id")
        .onRef("bookings.target_id", "=", "holds.target_id")
        .onRef("bookings.updated_at", "=", "holds.created_at"),
    )
    .select("holds.id")
    .where("holds.user_id", "=", userId)
    .where("bookings.status", "=", "failed")
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Writes a hold unless the student already holds a seat of this kind; true when written. */
export async function insertHoldUnlessHolding(db: Executor, hold: Insertable<HoldsTable>): Promise<boolean> {
  const written = await db
    .insertInto("holds")
    .values(hold)
    .onConflict((oc) => oc.columns(["user_id", "kind"]).doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Deletes the user's own hold in one statement and says whether anyone stands in its target's
 * line (then the freed seat is theirs to be offered). Undefined when there was no such hold.
 */
export async function deleteOwnHold(db: Executor, dialect: Dialect, id: string, userId: string) {
  const statement = statements(`${dialect}-release`, { id, userId }, (v) =>
    db
      .deleteFrom("holds")
      .where("holds.id", "=", v.id)
      .where("holds.user_id", "=", v.userId)
      .returning((eb) => [
        "holds.kind",
        "holds.target_id",
        eb
          .exists(
            eb
              .selectFrom("waitlist_entries")
              .select("waitlist_entries.id")
              .whereRef("waitlist_entries.target_id", "=", "holds.target_id")
              .where("waitlist_entries.status", "in", LIVE_STATUSES),
          )
          .as("line"),
      ]),
  );
  const row = (await db.executeQuery(statement)).rows[0];
  return row && { kind: row.kind, targetId: row.target_id, line: Boolean(row.line) };
}

export async function deleteExpiredHolds(db: Executor, nowIso: string): Promise<number> {
  const result = await db.deleteFrom("holds").where("expires_at", "<=", nowIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

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

interface TargetRow {
  id: string;
  capacity: number;
  open: number;
  closing: number;
  package_key: string | null;
  package_allowed: number;
}

/**
 * The target of a hold as one row of the same shape for every kind, locked on PostgreSQL: `open`
 * (published, not cancelled, not started), the plan the seat is bought under and whether the
 * target offers it.
 */
function targetRow(
  db: Executor,
  dialect: Dialect,
  request: HoldRequest,
  within?: Expression<SqlBool>,
): Expression<TargetRow> {
  const { kind, target_id: id } = request.hold;
  const yes = sql<number>`1`;
  if (kind === "mock") return slotTargetRow(db, dialect, request, within);
  if (kind === "workshop") {
    const query = db
      .selectFrom("workshops")
      .where("id", "=", id)
      .$if(within !== undefined, (q) => q.where(within as Expression<SqlBool>))
      .select((eb) => [
        "id",
        "capacity",
        eb
          .case()
          .when(
            eb.and([
              eb("status", "=", "published"),
              eb("cancelled_at", "is", null),
              eb("start_at", ">", request.cutoffIso),
            ]),
          )
          .then(1)
          .else(0)
          .end()
          .as("open"),
        closingCase(request).as("closing"),
        "topic_key as package_key",
        yes.as("package_allowed"),
      ]);
    return dialect === "postgres" ? query.forUpdate() : query;
  }
  const query = db
    .selectFrom("internships")
    .where("id", "=", id)
    .$if(within !== undefined, (q) => q.where(within as Expression<SqlBool>))
    .select((eb) => [
      "id",
      "capacity",
      eb
        .case()
        .when(eb.and([eb("start_date", ">", request.today), eb("cancelled_at", "is", null)]))
        .then(1)
        .else(0)
        .end()
        .as("open"),
      sql<number>`0`.as("closing"),
      "track_key as package_key",
      yes.as("package_allowed"),
    ]);
  return dialect === "postgres" ? query.forUpdate() : query;
}

/** A slot as a hold target: the plan asked for (or the slot's first) and whether the slot offers it. */
function slotTargetRow(
  db: Executor,
  dialect: Dialect,
  request: HoldRequest,
  within: Expression<SqlBool> | undefined,
): Expression<TargetRow> {
  const id = request.hold.target_id;
  // package_types is a JSON array of plan keys ('["service","product"]').
  const wanted = request.wantedPackage;
  const first =
    dialect === "postgres"
      ? sql<string>`(package_types::json ->> 0)`
      : sql<string>`json_extract(package_types, '$[0]')`;
  const allowed = wanted
    ? dialect === "postgres"
      ? sql<number>`(CASE WHEN package_types::jsonb ? ${wanted} THEN 1 ELSE 0 END)`
      : sql<number>`(SELECT count(*) FROM json_each(package_types) WHERE value = ${wanted})`
    : sql<number>`(CASE WHEN ${first} IS NULL THEN 0 ELSE 1 END)`;
  const query = db
    .selectFrom("slots")
    .where("id", "=", id)
    .$if(within !== undefined, (q) => q.where(within as Expression<SqlBool>))
    .select((eb) => [
      "id",
      "capacity",
      eb
        .case()
        .when(
          eb.and([
            eb("status", "=", "published"),
            eb("cancelled_at", "is", null),
            eb("start_at", ">", request.cutoffIso),
          ]),
        )
        .then(1)
        .else(0)
        .end()
        .as("open"),
      closingCase(request).as("closing"),
      (wanted ? sql<string>`${wanted}` : first).as("package_key"),
      allowed.as("package_allowed"),
    ]);
  return dialect === "postgres" ? query.forUpdate() : query;
}

/** 1 when the session has not started but is inside the booking cut-off. */
const closingCase = (request: HoldRequest) =>
  sql<number>`(CASE WHEN start_at > ${request.nowIso} AND start_at <= ${request.cutoffIso} THEN 1 ELSE 0 END)`;

/** A mock package without a catalog row yet is as its default; a topic or track without one is not offered. */
const DEFAULT_AVAILABLE = COMPANY_TYPES.filter((key) => CATALOG_DEFAULTS[key].available);

/**
 * The facts a hold is decided on, read from the `target` row: the plan's availability, the
 * student's own live booking of this target, and the seats taken by everyone else, the waiting
 * line included (the student's current hold of this kind and their own place in line are left
 * out: taking a new one replaces it). On PostgreSQL the count
 * runs in careerprep_seats_taken, after the target's lock is granted (see migration 0140).
 */
function selectFacts(qc: QueryCreator<Database & { target: TargetRow }>, dialect: Dialect, request: HoldRequest) {
  const { user_id: userId, kind } = request.hold;
  const nowIso = request.nowIso;
  return qc.selectFrom("target").select((eb) => [
    "target.id",
    "target.capacity",
    "target.open",
    "target.closing",
    "target.package_key",
    "target.package_allowed",
    eb.fn
      .coalesce(
        eb.selectFrom("catalog_items").select("available").whereRef("catalog_items.key", "=", "target.package_key"),
        eb.case().when("target.package_key", "in", DEFAULT_AVAILABLE).then(1).else(0).end(),
      )
      .as("available"),
    eb
      .selectFrom("bookings")
      .select("status")
      .where("user_id", "=", userId)
      .whereRef("bookings.target_id", "=", "target.id")
      .where((b) =>
        b.or([
          b("status", "in", SEAT_KEEPING_STATUSES),
          b.and([b("status", "=", "pending_payment"), b("seat_expires_at", ">", nowIso)]),
        ]),
      )
      .limit(1)
      .as("own_status"),
    dialect === "postgres"
      ? eb
          .fn<number>("careerprep_seats_taken", ["target.id", eb.val(nowIso), eb.val(userId), eb.val(kind)])
          .as("seats_taken")
      : sql<number>`(${eb
          .selectFrom("bookings")
          .select((c) => c.fn.countAll<number>().as("n"))
          .whereRef("bookings.target_id", "=", "target.id")
          .where((b) =>
            b.or([
              b("status", "in", SEAT_KEEPING_STATUSES),
              b.and([b("status", "=", "pending_payment"), b("seat_expires_at", ">", nowIso)]),
            ]),
          )}) + (${eb
          .selectFrom("holds")
          .select((c) => c.fn.countAll<number>().as("n"))
          .whereRef("holds.target_id", "=", "target.id")
          .where("expires_at", ">", nowIso)
          .where((h) => h.not(h.and([h("user_id", "=", userId), h("kind", "=", kind)])))}) + (${eb
          .selectFrom("waitlist_entries")
          .select((c) => c.fn.countAll<number>().as("n"))
          .whereRef("waitlist_entries.target_id", "=", "target.id")
          .where("waitlist_entries.user_id", "<>", userId)
          .where((w) =>
            w.or([
              w("waitlist_entries.status", "=", "waiting"),
              w.and([
                w("waitlist_entries.status", "=", "offered"),
                w("waitlist_entries.offer_expires_at", ">", nowIso),
              ]),
            ]),
          )})`.as("seats_taken"),
    eb
      .selectFrom("holds")
      .select("holds.target_id")
      .where("user_id", "=", userId)
      .where("kind", "=", kind)
      .as("previous_target_id"),
    previousLine(eb, request).as("previous_line"),
  ]);
}

/** Whether anyone stands in the line of the student's current hold of this kind (its seat frees if replaced). */
function previousLine(eb: ExpressionBuilder<Database & { target: TargetRow }, "target">, request: HoldRequest) {
  const { user_id: userId, kind } = request.hold;
  return eb.exists(
    eb
      .selectFrom("waitlist_entries")
      .select("waitlist_entries.id")
      .where("waitlist_entries.status", "in", LIVE_STATUSES)
      .where("waitlist_entries.target_id", "=", (w) =>
        w.selectFrom("holds").select("holds.target_id").where("user_id", "=", userId).where("kind", "=", kind),
      ),
  );
}

type Facts = {
  capacity: number;
  open: number;
  closing: number;
  package_key: string | null;
  package_allowed: number;
  available: number | null;
  own_status: string | null;
  seats_taken: number;
  previous_target_id: string | null;
  previous_line: number | boolean;
};

const attemptFrom = (row: Facts, taken: boolean): HoldAttempt => ({
  capacity: Number(row.capacity),
  open: Number(row.open) === 1,
  closing: Number(row.closing) === 1,
  packageKey: row.package_key,
  packageAllowed: Number(row.package_allowed) > 0,
  available: Number(row.available) === 1,
  ownBookingStatus: row.own_status,
  seatsTaken: Number(row.seats_taken),
  previousTargetId: row.previous_target_id,
  previousLine: Boolean(Number(row.previous_line)),
  taken,
});

const mayTake = (row: Facts) =>
  Number(row.open) === 1 &&
  Number(row.package_allowed) > 0 &&
  Number(row.available) === 1 &&
  row.own_status === null &&
  Number(row.seats_taken) < Number(row.capacity);

/** What a hold request did: the budget it spent, and what it saw unless the budget was already spent. */
export interface HoldOutcome {
  spent: { hits: number; resetsAt: number };
  /** Undefined when the target does not exist or the budget was spent before this request. */
  attempt: HoldAttempt | undefined;
}

/**
 * Spends one hit of the student's hold budget and, when the budget allows, takes a seat if the
 * rules allow it, replacing the student's hold of this kind, logs the hold taken (for the
 * insights funnel), and says what it saw.
 *
 * PostgreSQL: one statement, one round trip (docs/decisions/0200-hold-and-release-one-round-trip.md,
 * docs/decisions/0230-hold-spends-its-budget-in-its-statement.md). The budget's hit is counted in a
 * CTE; the target row is locked in the next only when the count is within the budget; the facts
 * are read (the seat count after the lock, see migration 0140), the hold is inserted only when
 * every rule passes (the upsert on (user, kind) replaces the student's previous hold in the same
 * step) and the log row is written from what the insert returned. N requests for the last seat
 * wait on the lock one after another and exactly one gets it.
 *
 * SQLite: the hit, the same facts query, upsert and log insert in one write transaction (exclusive
 * there), in process, where a statement costs no round trip; each compiled once, like the facts.
 */
export async function takeHoldIfFree(db: Db, dialect: Dialect, request: HoldRequest): Promise<HoldOutcome> {
  const { hold, budget } = request;
  if (dialect === "postgres") {
    const { rows } = await db.executeQuery(compiledForHold("postgres-hold", request, (r) => takeHoldStatement(db, r)));
    const row = rows[0];
    if (!row) throw new Error("the hold's statement returned no row");
    const spent = budgetSpent(row);
    return { spent, attempt: row.id === null ? undefined : attemptFrom(row as Facts, row.taken_id !== null) };
  }
  return db.transaction().execute(async (trx) => {
    const hit = (
      await trx.executeQuery(
        statements("sqlite-hit", { key: budget.key, resetsAt: budget.resetsAt, nowMs: budget.nowMs }, (v) =>
          hitStatement(trx, v),
        ),
      )
    ).rows[0];
    if (!hit) throw new Error("the hold budget's statement returned no row");
    const spent = budgetSpent(hit);
    if (spent.hits > budget.max) return { spent, attempt: undefined };
    const facts = compiledForHold("sqlite-facts", request, (r) =>
      selectFacts(
        trx.with("target", () => targetRow(trx, dialect, r)),
        dialect,
        r,
      ),
    );
    const row = (await trx.executeQuery(facts)).rows[0];
    if (!row) return { spent, attempt: undefined };
    if (!mayTake(row)) return { spent, attempt: attemptFrom(row, false) };
    const written = { ...hold, package_key: row.package_key ?? "" };
    await trx.executeQuery(
      statements("sqlite-hold-row", written, (v) =>
        trx
          .insertInto("holds")
          .values(v)
          .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet(replaceHold)),
      ),
    );
    const { expires_at: _, ...logged } = written;
    await trx.executeQuery(statements("sqlite-hold-log", logged, (v) => trx.insertInto("hold_log").values(v)));
    return { spent, attempt: attemptFrom(row, true) };
  });
}

/**
 * A query of the hold (PostgreSQL's statement, SQLite's facts), compiled once per kind and per
 * "plan asked for or not" (the only choices that change its SQL); every other value is a parameter.
 */
function compiledForHold<O>(query: string, request: HoldRequest, build: (request: HoldRequest) => Compilable<O>) {
  const { hold, wantedPackage, budget } = request;
  const { kind } = hold;
  const values = {
    id: hold.id,
    userId: hold.user_id,
    targetId: hold.target_id,
    expiresAt: hold.expires_at,
    createdAt: hold.created_at,
    nowIso: request.nowIso,
    cutoffIso: request.cutoffIso,
    today: request.today,
    budgetKey: budget.key,
    budgetResetsAt: budget.resetsAt,
    budgetNowMs: budget.nowMs,
    budgetMax: budget.max,
    ...(wantedPackage ? { wanted: wantedPackage as string } : {}),
  };
  return statements(`${query}:${kind}:${wantedPackage ? "plan" : "first"}`, values, (v) =>
    build({
      hold: {
        id: v.id,
        user_id: v.userId,
        kind,
        target_id: v.targetId,
        expires_at: v.expiresAt,
        created_at: v.createdAt,
      },
      wantedPackage: v.wanted as CatalogKey | undefined,
      nowIso: v.nowIso,
      cutoffIso: v.cutoffIso,
      today: v.today,
      budget: { key: v.budgetKey, resetsAt: v.budgetResetsAt, nowMs: v.budgetNowMs, max: v.budgetMax },
    }),
  );
}

/**
 * PostgreSQL's hold: the budget's hit, then (within the budget) lock, facts, conditional upsert
 * and log row, as CTEs of one statement. Its one row always comes from the hit; the facts are
 * null when the target does not exist or the budget was already spent.
 */
function takeHoldStatement(db: Db, request: HoldRequest) {
  const { hold, budget } = request;
  return db
    .with("hit", () => hitStatement(db, budget))
    .with(
      (cte) => cte("target").materialized(),
      () => targetRow(db, "postgres", request, sql<SqlBool>`(select hits from hit) <= ${budget.max}`),
    )
    .with(
      (cte) => cte("facts").materialized(),
      (qc) => selectFacts(qc, "postgres", request),
    )
    .with("taken", (qc) =>
      qc
        .insertInto("holds")
        .columns(["id", "user_id", "kind", "target_id", "package_key", "expires_at", "created_at"])
        .expression((eb) =>
          eb
            .selectFrom("facts")
            .select((f) => [
              f.val(hold.id).as("id"),
              f.val(hold.user_id).as("user_id"),
              f.val(hold.kind).as("kind"),
              "facts.id as target_id",
              f.fn.coalesce("facts.package_key", f.val("")).as("package_key"),
              f.val(hold.expires_at).as("expires_at"),
              f.val(hold.created_at).as("created_at"),
            ])
            .where((f) =>
              f.and([
                f("facts.open", "=", 1),
                f("facts.package_allowed", ">", 0),
                f("facts.available", "=", 1),
                f("facts.own_status", "is", null),
                f("facts.seats_taken", "<", f.ref("facts.capacity")),
              ]),
            ),
        )
        .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet(replaceHold))
        .returning([
          "holds.id",
          "holds.user_id",
          "holds.kind",
          "holds.target_id",
          "holds.package_key",
          "holds.created_at",
        ]),
    )
    .with("logged", (qc) =>
      qc
        .insertInto("hold_log")
        .columns(["id", "user_id", "kind", "target_id", "package_key", "created_at"])
        .expression((eb) =>
          eb.selectFrom("taken").select(["id", "user_id", "kind", "target_id", "package_key", "created_at"]),
        ),
    )
    .selectFrom("hit")
    .leftJoin("facts", (join) => join.onTrue())
    .leftJoin("taken", (join) => join.onTrue())
    .selectAll("facts")
    .select(["hit.hits", "hit.resets_at", "taken.id as taken_id"]);
}

/** On a second hold of the same kind, the student's row becomes the new hold. */
const replaceHold = (eb: ExpressionBuilder<OnConflictDatabase<Database, "holds">, OnConflictTables<"holds">>) => ({
  id: eb.ref("excluded.id"),
  target_id: eb.ref("excluded.target_id"),
  package_key: eb.ref("excluded.package_key"),
  expires_at: eb.ref("excluded.expires_at"),
  created_at: eb.ref("excluded.created_at"),
});

export async function hasLiveHold(db: Executor, userId: string, targetId: string, nowIso: string): Promise<boolean> {
  const held = await db
    .selectFrom("holds")
    .select("id")
    .where("user_id", "=", userId)
    .where("target_id", "=", targetId)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
  return held !== undefined;
}

export function findHoldOfKind(db: Executor, userId: string, kind: BookingKind) {
  return db
    .selectFrom("holds")
    .select("target_id")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .executeTakeFirst();
}

/** Gives the student this hold, replacing their hold of the same kind (one per kind). */
export async function replaceHoldOfKind(db: Executor, hold: Insertable<HoldsTable>): Promise<void> {
  await db
    .insertInto("holds")
    .values(hold)
    .onConflict((oc) =>
      oc.columns(["user_id", "kind"]).doUpdateSet({
        id: hold.id,
        target_id: hold.target_id,
        package_key: hold.package_key,
        expires_at: hold.expires_at,
        created_at: hold.created_at,
      }),
    )
    .execute();
}

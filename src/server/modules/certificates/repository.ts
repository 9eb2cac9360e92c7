import { profileFullName } from "../../../shared/person-name.js";
import { everyColumn } from "../../db/columns.js";
import { readCompiled } from "../../db/compiled-statements.js";
import type { Db, Executor } from "../../db/database.js";
import type { CertificatesTable } from "../../db/schema.js";

export async function findCertificateByCode(db: Executor, code: string): Promise<CertificatesTable | undefined> {
  return db.selectFrom("certificates").selectAll().where("code", "=", code).executeTakeFirst();
}

export async function findCertificateByBooking(
  db: Executor,
  bookingId: string,
): Promise<CertificatesTable | undefined> {
  return db.selectFrom("certificates").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
}

const CERTIFICATE_COLUMNS = everyColumn<CertificatesTable>()([
  "id",
  "code",
  "user_id",
  "booking_id",
  "kind",
  "recipient_name",
  "title",
  "award",
  "details",
  "issued_at",
  "revoked_at",
]);

export async function findCertificatesByUser(db: Db, userId: string): Promise<CertificatesTable[]> {
  return readCompiled(db, "certificates of a user", { userId }, (v) =>
    db
      .selectFrom("certificates")
      .select(CERTIFICATE_COLUMNS)
      .where("user_id", "=", v.userId)
      .orderBy("issued_at", "desc"),
  );
}

export async function insertCertificate(db: Executor, row: CertificatesTable): Promise<void> {
  await db.insertInto("certificates").values(row).execute();
}

export async function revokeCertificate(db: Executor, code: string, revokedAt: string): Promise<boolean> {
  const result = await db
    .updateTable("certificates")
    .set({ revoked_at: revokedAt })
    .where("code", "=", code)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The name printed on a certificate: the profile's full name only, "" until the student gave one. */
export async function findRecipientName(db: Executor, userId: string): Promise<string> {
  const row = await db
    .selectFrom("profiles")
    .select(["first_name", "last_name"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return profileFullName(row?.first_name, row?.last_name);
}

export async function setCertificateAward(db: Executor, code: string, award: string): Promise<void> {
  await db.updateTable("certificates").set({ award }).where("code", "=", code).execute();
}

export async function findCertificatesOfBookings(db: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("certificates")
    .select(["booking_id", "code"])
    .where("booking_id", "in", bookingIds)
    .where("revoked_at", "is", null)
    .execute();
}

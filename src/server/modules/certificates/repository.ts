import type { Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import type { CertificatesTable, Database } from "../../db/schema.js";

type Executor = Db | Transaction<Database>;

export async function findCertificateByCode(db: Executor, code: string): Promise<CertificatesTable | undefined> {
  return db.selectFrom("certificates").selectAll().where("code", "=", code).executeTakeFirst();
}

export async function findCertificateByBooking(
  db: Executor,
  bookingId: string,
): Promise<CertificatesTable | undefined> {
  return db.selectFrom("certificates").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
}

export async function findCertificatesByUser(db: Db, userId: string): Promise<CertificatesTable[]> {
  return db.selectFrom("certificates").selectAll().where("user_id", "=", userId).orderBy("issued_at", "desc").execute();
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

/** The name printed on a certificate: the profile's full name, else the account name. */
export async function findRecipientName(db: Executor, userId: string): Promise<string> {
  const row = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.user_id", "user.id")
    .select(["user.name", "user.email", "profiles.first_name", "profiles.last_name"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  const full = [row?.first_name, row?.last_name].filter(Boolean).join(" ").trim();
  return full || row?.name?.trim() || row?.email?.split("@")[0] || "Student";
}

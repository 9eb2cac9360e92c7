import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The sign-in tables better-auth reads and writes (users, sessions, linked accounts, sign-in link
 * tokens), in the columns and types better-auth 1.x expects on each dialect. Databases created
 * before this migration existed already have them (better-auth created them at start-up), so
 * every table and index is created only if it is missing. A better-auth upgrade that needs new
 * columns gets a new migration; a test compares these tables with what better-auth expects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const instant = postgres ? "timestamptz" : "date";
  const flag = postgres ? "boolean" : "integer";
  // PostgreSQL columns better-auth fills itself on SQLite get the database's clock as default.
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable("user")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.notNull().primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", flag, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", instant, (c) => (postgres ? c.defaultTo(now).notNull() : c.notNull()))
    .addColumn("updatedAt", instant, (c) => (postgres ? c.defaultTo(now).notNull() : c.notNull()))
    .execute();

  await db.schema
    .createTable("session")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.notNull().primaryKey())
    .addColumn("expiresAt", instant, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", instant, (c) => (postgres ? c.defaultTo(now).notNull() : c.notNull()))
    .addColumn("updatedAt", instant, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();

  await db.schema
    .createTable("account")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.notNull().primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", instant)
    .addColumn("refreshTokenExpiresAt", instant)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", instant, (c) => (postgres ? c.defaultTo(now).notNull() : c.notNull()))
    .addColumn("updatedAt", instant, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("verification")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.notNull().primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", instant, (c) => c.notNull())
    .addColumn("createdAt", instant, (c) => (postgres ? c.defaultTo(now).notNull() : c.notNull()))
    .addColumn("updatedAt", instant, (c) => (postgres ? c.defaultTo(now).notNull() : c.notNull()))
    .execute();

  await db.schema.createIndex("session_userId_idx").ifNotExists().on("session").column("userId").execute();
  await db.schema.createIndex("account_userId_idx").ifNotExists().on("account").column("userId").execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .ifNotExists()
    .on("verification")
    .column("identifier")
    .execute();
}

import type { Transaction } from "kysely";
import { z } from "zod";
import { type CatalogKey, COMPANY_TYPES } from "../../../shared/constants.js";
import { catalogKeySchema } from "../../../shared/schemas/catalog.js";
import type { AppDeps } from "../../app-deps.js";
import type { Database } from "../../db/schema.js";
import { enqueueJob, type JobOutcome } from "../../infrastructure/jobs/queue.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import {
  deleteAlert,
  findAlertKeysByUser,
  findAlertUsersByPackage,
  findUserEmail,
  insertAlert,
} from "./opening-alerts-repository.js";
import { findCatalogItem } from "./repository.js";

/** The job's stored type keeps its first name, so jobs queued before the rename still run. */
export const OPENING_ALERT_JOB = "availability-alert";

/** "Tell me when it opens" (docs/product.md, Catalog): remembered once per student and package. */
export async function subscribeToOpening(deps: AppDeps, userId: string, key: CatalogKey): Promise<void> {
  await insertAlert(deps.db, userId, key, new Date().toISOString());
}

export async function findMyOpeningAlerts(deps: AppDeps, userId: string): Promise<CatalogKey[]> {
  return (await findAlertKeysByUser(deps.db, userId)).map((row) => row.package_key as CatalogKey);
}

/** A package became available: one mail job per waiting student, queued in the admin's transaction. */
export async function queueOpeningAlerts(trx: Transaction<Database>, key: CatalogKey, now: Date): Promise<void> {
  for (const { user_id: userId } of await findAlertUsersByPackage(trx, key)) {
    await enqueueJob(trx, {
      type: OPENING_ALERT_JOB,
      payload: { userId, key },
      runAt: now,
      dedupeKey: `${OPENING_ALERT_JOB}:${userId}:${key}:${now.toISOString()}`,
    });
  }
}

const alertPayload = z.object({ userId: z.string(), key: catalogKeySchema });

/** Sends the "it is open" mail once, if the package is still available when the job runs. */
export async function runOpeningAlertJob(deps: AppDeps, payload: unknown): Promise<JobOutcome> {
  const { userId, key } = alertPayload.parse(payload);
  const [item, user] = await Promise.all([findCatalogItem(deps.db, key), findUserEmail(deps.db, userId)]);
  if (!item.available || !user) return "skipped";
  if (!(await deleteAlert(deps.db, userId, key))) return "skipped";
  const type = (COMPANY_TYPES as readonly string[]).includes(key)
    ? "mockInterview"
    : key.startsWith("ws_")
      ? "workshop"
      : "internship";
  const link = `${deps.config.publicUrl}/onboarding?type=${type}`;
  const { label } = item;
  await deps.mailer.send({
    to: user.email,
    subject: `${label} is open for booking`,
    text: `Hello,\n\nYou asked us to tell you when ${label} opens. It is open for booking now:\n${link}\n\nSeats go quickly; pick a time while they last.`,
    html: layoutEmail(
      `${label} is open for booking`,
      `<p>You asked us to tell you when <strong>${escapeHtml(label)}</strong> opens. It is open for booking now.</p>
<p><a href="${escapeHtml(link)}">Pick a time</a></p>`,
    ),
  });
  return "done";
}

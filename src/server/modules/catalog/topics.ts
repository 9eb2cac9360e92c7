import { randomBytes } from "node:crypto";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import { rupeesToPaise } from "../../../shared/money.js";
import { TOPIC_KEY_PREFIX, type TopicInput, type TopicKind } from "../../../shared/schemas/topics.js";
import type { AppDeps } from "../../app-deps.js";
import { recordAudit } from "../audit/index.js";
import {
  type CatalogItem,
  deleteTopic,
  findCatalog,
  findCatalogEntry,
  insertTopic,
  isTopicInUse,
  updateTopicLabel,
} from "./repository.js";

/** A new topic's key: its kind's prefix and its name in lower-case words (a short random one for other scripts). */
function topicKeyFor(kind: TopicKind, label: string): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40)
    .replace(/_+$/, "");
  return `${TOPIC_KEY_PREFIX[kind]}${slug || `topic_${randomBytes(3).toString("hex")}`}`;
}

const isTopicKey = (key: string) => key.startsWith("ws_") || key.startsWith("int_");

/** The workshop and internship lists carry labels and prices and are cached: every process drops them. */
async function announceCatalogChange(deps: AppDeps): Promise<void> {
  await deps.bus.publish({ topic: "workshops" });
  await deps.bus.publish({ topic: "internships" });
}

/** Adds a workshop topic or internship track with its price; its name must be new in the catalog. */
export async function addTopic(deps: AppDeps, actorEmail: string, input: TopicInput): Promise<CatalogItem> {
  const key = topicKeyFor(input.kind, input.label);
  const item = await deps.db.transaction().execute(async (trx) => {
    const taken = (await findCatalog(trx)).some(
      (i) => i.key === key || i.label.toLowerCase() === input.label.toLowerCase(),
    );
    if (taken) throw new AppError("CONFLICT", ADMIN_MESSAGES.topicExists, { field: "label" });
    const topic = { key, label: input.label, pricePaise: rupeesToPaise(input.priceRupees), available: input.available };
    await insertTopic(trx, topic);
    await recordAudit(trx, {
      actorEmail,
      action: "create",
      entity: "topic",
      entityId: key,
      before: null,
      after: topic,
    });
    return findCatalogEntry(trx, key);
  });
  if (!item) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.topicNotFound);
  await announceCatalogChange(deps);
  return item;
}

/** Renames a topic or track; sessions, batches and bookings keep their key, so they show the new name. */
export async function renameTopic(deps: AppDeps, actorEmail: string, key: string, label: string): Promise<CatalogItem> {
  const item = await deps.db.transaction().execute(async (trx) => {
    const before = isTopicKey(key) ? await findCatalogEntry(trx, key) : undefined;
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.topicNotFound);
    const clash = (await findCatalog(trx)).some((i) => i.key !== key && i.label.toLowerCase() === label.toLowerCase());
    if (clash) throw new AppError("CONFLICT", ADMIN_MESSAGES.topicExists, { field: "label" });
    await updateTopicLabel(trx, key, label);
    await recordAudit(trx, {
      actorEmail,
      action: "update",
      entity: "topic",
      entityId: key,
      before: { label: before.label },
      after: { label },
    });
    return { ...before, label };
  });
  await announceCatalogChange(deps);
  return item;
}

/** Removes a topic or track nothing uses yet; one in use stays (renamed or made unavailable instead). */
export async function removeTopic(deps: AppDeps, actorEmail: string, key: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = isTopicKey(key) ? await findCatalogEntry(trx, key) : undefined;
    if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.topicNotFound);
    if (await isTopicInUse(trx, key)) throw new AppError("CONFLICT", ADMIN_MESSAGES.topicInUse);
    await deleteTopic(trx, key);
    await recordAudit(trx, {
      actorEmail,
      action: "delete",
      entity: "topic",
      entityId: key,
      before: { label: before.label, pricePaise: before.pricePaise },
      after: null,
    });
  });
  await announceCatalogChange(deps);
}

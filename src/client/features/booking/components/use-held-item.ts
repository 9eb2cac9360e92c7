import { CATALOG_LABELS, type CompanyType, PACKAGE_ROUNDS } from "../../../../shared/constants.js";
import type { HoldDto } from "../../../../shared/schemas/booking.js";
import { formatDayLabel, formatInstant } from "../../../../shared/time.js";
import { useCatalog } from "../../../shared/catalog/get-catalog.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { useInternships, useSlots, useWorkshops } from "../api/listings.js";
import type { HeldItem } from "./order-summary.js";

/** The held seat in words for the order summary, from the listings already on the page. */
export function useHeldItem(hold: HoldDto | undefined): HeldItem | undefined {
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const zoneLabel = config.data?.timeZoneLabel ?? "IST";
  const catalog = useCatalog();
  const plan = hold?.kind === "mock" ? (hold.packageKey as CompanyType) : undefined;
  const slots = useSlots(plan);
  const workshops = useWorkshops(hold?.kind === "workshop");
  const internships = useInternships(hold?.kind === "internship");
  if (!hold) return undefined;
  if (hold.kind === "mock" && plan) {
    const slot = slots.data?.find((s) => s.id === hold.targetId);
    const price = catalog.data?.get(plan)?.pricePaise;
    if (!slot || price === undefined) return undefined;
    return {
      what: `Mock interview · ${CATALOG_LABELS[plan]} (${PACKAGE_ROUNDS[plan]})`,
      when: formatInstant(slot.startAt, zone, zoneLabel),
      withWhom: [slot.interviewerName, slot.interviewerQualification].filter(Boolean).join(", "),
      pricePaise: price,
    };
  }
  if (hold.kind === "workshop") {
    const workshop = workshops.data?.find((w) => w.id === hold.targetId);
    if (!workshop) return undefined;
    const topic = CATALOG_LABELS[workshop.topicKey as keyof typeof CATALOG_LABELS] ?? workshop.topicKey;
    return {
      what: `${topic} · ${workshop.title} (${workshop.level})`,
      when: formatInstant(workshop.startAt, zone, zoneLabel),
      withWhom: null,
      pricePaise: workshop.pricePaise,
    };
  }
  const data = internships.data?.find((i) => i.id === hold.targetId);
  if (!data) return undefined;
  return {
    what: `${data.title} · ${data.weeks} weeks`,
    when: `Starts ${formatDayLabel(data.startDate)}`,
    withWhom: `Mentor ${data.mentor}`,
    pricePaise: data.pricePaise,
  };
}

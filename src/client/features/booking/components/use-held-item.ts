import type { CompanyType } from "../../../../shared/constants.js";
import { describeOrder, type OrderSubject } from "../../../../shared/order-summary.js";
import type { HoldDto } from "../../../../shared/schemas/booking.js";
import { useCatalog, useCatalogLabel } from "../../../shared/catalog/get-catalog.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { useInternships, useSlot, useWorkshops } from "../api/listings.js";
import type { HeldItem } from "./order-summary.js";

/** The held seat in words for the order summary: the slot by its id, the workshop or batch from their lists. */
export function useHeldItem(hold: HoldDto | undefined): HeldItem | undefined {
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const zoneLabel = config.data?.timeZoneLabel ?? "IST";
  const catalog = useCatalog();
  const label = useCatalogLabel();
  const plan = hold?.kind === "mock" ? (hold.packageKey as CompanyType) : undefined;
  const slot = useSlot(plan ? hold?.targetId : undefined);
  const workshops = useWorkshops(hold?.kind === "workshop");
  const internships = useInternships(hold?.kind === "internship");
  if (!hold) return undefined;
  let subject: OrderSubject | undefined;
  let pricePaise: number | undefined;
  if (hold.kind === "mock" && plan) {
    pricePaise = catalog.data?.get(plan)?.pricePaise;
    subject = slot.data && { kind: "mock", plan, ...slot.data };
  } else if (hold.kind === "workshop") {
    const workshop = workshops.data?.find((w) => w.id === hold.targetId);
    pricePaise = workshop?.pricePaise;
    subject = workshop && { kind: "workshop", ...workshop };
  } else {
    const batch = internships.data?.find((i) => i.id === hold.targetId);
    pricePaise = batch?.pricePaise;
    subject = batch && { kind: "internship", ...batch };
  }
  if (!subject || pricePaise === undefined) return undefined;
  return { ...describeOrder(subject, zone, zoneLabel, label), pricePaise };
}

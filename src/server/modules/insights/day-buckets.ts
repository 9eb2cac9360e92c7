import { addDays, zonedToInstant } from "../../../shared/time.js";
import type { Bucket } from "./repository.js";

/**
 * The platform-zone days from `first` to `last`, both included, each as the instants from its
 * midnight to the next day's (one zone conversion a day), so a day without sales still shows as zero.
 */
export function dayBuckets(first: string, last: string, timeZone: string): Bucket[] {
  const dates: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) dates.push(d);
  const midnights = [...dates, addDays(last, 1)].map((date) => zonedToInstant(date, "00:00", timeZone).toISOString());
  return dates.map((key, i) => ({ key, fromIso: midnights[i] ?? "", toIso: midnights[i + 1] ?? "" }));
}

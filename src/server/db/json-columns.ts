import type { CatalogKey, CompanyType, Domain } from "../../shared/constants.js";
import { weekPlanSchema } from "../../shared/schemas/dashboard.js";
import type { WeekPlan } from "../../shared/schemas/internships.js";

// JSON columns are text on both databases (docs/decisions/0001-one-sql-path.md); each is decoded
// here, once, so every reader gets the same shape.

/** slots.package_types: the plans a slot serves. */
export const decodeSlotPackageTypes = (text: string): CompanyType[] => JSON.parse(text) as CompanyType[];

/** interviewers.company_types: the plans an interviewer takes. */
export const decodeInterviewerCompanyTypes = (text: string): CompanyType[] => JSON.parse(text) as CompanyType[];

/** interviewers.domains: the mock-interview domains they cover. */
export const decodeInterviewerDomains = (text: string): Domain[] => JSON.parse(text) as Domain[];

/** internships.week_plans: one title and deliverables per week; a damaged value reads as none. */
export const decodeInternshipWeekPlans = (text: string): WeekPlan[] =>
  weekPlanSchema.array().catch([]).parse(JSON.parse(text));

/** coupons.packages: the packages a coupon applies to; empty means every package. */
export const decodeCouponPackages = (text: string): CatalogKey[] => JSON.parse(text) as CatalogKey[];

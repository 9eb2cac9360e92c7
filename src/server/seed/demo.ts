import { randomUUID } from "node:crypto";
import { DOMAINS } from "../../shared/constants.js";
import { addDays, zonedDate, zonedToInstant } from "../../shared/time.js";
import type { AppDeps } from "../app-deps.js";
import type { Executor } from "../db/database.js";
import { insertAdmin } from "../modules/admins/repository.js";
import { insertInternship } from "../modules/internships/repository.js";
import { insertInterviewer } from "../modules/interviewers/repository.js";
import { insertSlot } from "../modules/slots/repository.js";
import { insertWorkshop } from "../modules/workshops/repository.js";
import { hasAnyProductData } from "./repository.js";

export const DEMO_ADMIN_EMAIL = "admin@example.com";

const interviewers = [
  {
    name: "Ananya Iyer",
    email: "ananya.iyer@example.com",
    phone: "+919800000001",
    qualification: "SDE II, ex-Flipkart",
    types: ["product", "service"],
    reviewed: "Hiring panel",
    mentors: "int_frontend",
  },
  {
    name: "Rahul Menon",
    email: "rahul.menon@example.com",
    phone: "+919800000002",
    qualification: "Senior Engineer, Infosys",
    types: ["service"],
    reviewed: "Hiring panel",
    mentors: "int_backend",
  },
  {
    name: "Priya Sharma",
    email: "priya.sharma@example.com",
    phone: "+919800000003",
    qualification: "Staff Engineer, ex-Google",
    types: ["maang", "product"],
    reviewed: "Bar raiser",
    mentors: "int_ml",
  },
];

/** Mentors who take no mock interviews, for the tracks no interviewer above mentors. */
const mentorsOnly = [
  {
    name: "Karthik Rao",
    email: "karthik.rao@example.com",
    phone: "+919800000004",
    qualification: "Android Lead, ex-Swiggy",
    types: ["product"],
    reviewed: "Hiring panel",
    mentors: "int_mobile",
  },
  {
    name: "Meera Nair",
    email: "meera.nair@example.com",
    phone: "+919800000005",
    qualification: "Product Manager, ex-Razorpay",
    types: ["product"],
    reviewed: "Hiring panel",
    mentors: "int_product",
  },
];

const mobilePlans = [
  { title: "Kick-off and setup", deliverables: "React Native project running on a device" },
  { title: "Screens and navigation", deliverables: "Three screens with stack and tab navigation" },
  { title: "Data and offline", deliverables: "API data cached for offline use" },
  { title: "Device features", deliverables: "Camera or location with permissions" },
  { title: "Release", deliverables: "Signed build and store listing" },
  { title: "Demo day", deliverables: "Live demo and presentation" },
];

const productPlans = [
  { title: "Discovery", deliverables: "Five user interviews and a problem statement" },
  { title: "Definition", deliverables: "PRD with goals and metrics" },
  { title: "Design", deliverables: "Wireframes and a usability test" },
  { title: "Delivery", deliverables: "Backlog, roadmap and release plan" },
  { title: "Launch", deliverables: "Go-to-market plan and dashboard" },
  { title: "Demo day", deliverables: "Product review presentation" },
];

const weekPlans = [
  { title: "Kick-off and setup", deliverables: "Repository, tooling, first component" },
  { title: "Layouts and routing", deliverables: "Responsive pages with client routing" },
  { title: "Data fetching", deliverables: "API integration with loading and error states" },
  { title: "Forms and validation", deliverables: "Accessible forms with server validation" },
  { title: "Testing", deliverables: "Unit and end-to-end tests in CI" },
  { title: "Demo day", deliverables: "Deployed project and presentation" },
];

const backendPlans = [
  { title: "Kick-off and setup", deliverables: "Service skeleton, CI and a health endpoint" },
  { title: "Data modelling", deliverables: "Schema, migrations and repositories" },
  { title: "APIs", deliverables: "REST endpoints with validation and error shapes" },
  { title: "Auth and security", deliverables: "Sessions, roles and rate limits" },
  { title: "Testing", deliverables: "API tests against a real database" },
  { title: "Demo day", deliverables: "Deployed service and presentation" },
];

const mlPlans = [
  { title: "Kick-off and data", deliverables: "Dataset, notebook and a baseline" },
  { title: "Features", deliverables: "Cleaning and feature pipeline" },
  { title: "Models", deliverables: "Trained and compared models" },
  { title: "Evaluation", deliverables: "Metrics, error analysis and a report" },
  { title: "Serving", deliverables: "Model behind an API" },
  { title: "Demo day", deliverables: "Live demo and presentation" },
];

/** One open batch per track the landing page sells, and a later frontend batch to choose from. */
async function seedInternships(trx: Executor, today: string, now: string): Promise<void> {
  const batches = [
    {
      title: "Frontend Engineering Internship",
      mentor: "Ananya Iyer",
      days: 10,
      plans: weekPlans,
      track: "int_frontend",
    },
    {
      title: "Backend Engineering Internship",
      mentor: "Rahul Menon",
      days: 12,
      plans: backendPlans,
      track: "int_backend",
    },
    { title: "Machine Learning Internship", mentor: "Priya Sharma", days: 14, plans: mlPlans, track: "int_ml" },
    { title: "Mobile App Internship", mentor: "Karthik Rao", days: 16, plans: mobilePlans, track: "int_mobile" },
    {
      title: "Product Management Internship",
      mentor: "Meera Nair",
      days: 18,
      plans: productPlans,
      track: "int_product",
    },
    {
      title: "Frontend Engineering Internship",
      mentor: "Ananya Iyer",
      days: 38,
      plans: weekPlans,
      track: "int_frontend",
    },
  ];
  for (const batch of batches) {
    await insertInternship(trx, {
      id: randomUUID(),
      title: batch.title,
      mentor: batch.mentor,
      start_date: addDays(today, batch.days),
      weeks: batch.plans.length,
      week_plans: JSON.stringify(batch.plans),
      track_key: batch.track,
      capacity: 30,
      meeting_link: null,
      cancelled_at: null,
      demo_day_start_at: null,
      demo_day_end_at: null,
      created_at: now,
      updated_at: now,
    });
  }
}

/** Seeds a demo install, but only into a database with no product data and no users. */
export async function seedDemoData(deps: AppDeps): Promise<boolean> {
  const { db, config } = deps;
  if (await hasAnyProductData(db)) return false;

  const now = new Date().toISOString();
  const zone = config.timeZone;
  const today = zonedDate(new Date(), zone);
  await db.transaction().execute(async (trx) => {
    const ids = await seedInterviewers(trx, now);
    await seedSlots(trx, ids, today, zone, now);
    await seedInternships(trx, today, now);
    await seedWorkshops(trx, today, zone, now);
  });
  await insertAdmin(db, DEMO_ADMIN_EMAIL, "demo seed");
  deps.log.info("seeded demo data (interviewers, slots, workshops, internships of every track, admin@example.com)");
  return true;
}

async function seedInterviewers(trx: Executor, now: string): Promise<string[]> {
  const ids: string[] = [];
  for (const i of [...interviewers, ...mentorsOnly]) {
    const id = randomUUID();
    ids.push(id);
    await insertInterviewer(trx, {
      id,
      name: i.name,
      email: i.email,
      phone: i.phone,
      phone_key: i.phone.replace(/\D/g, ""),
      qualification: i.qualification,
      company_types: JSON.stringify(i.types),
      domains: JSON.stringify(DOMAINS),
      reviewed_by: i.reviewed,
      active: 1,
      mentor_track: i.mentors,
      created_at: now,
      updated_at: now,
    });
  }
  return ids;
}

/** Two weeks of evening slots, one hour per interviewer; every fifth day one slot stays a draft. */
async function seedSlots(trx: Executor, ids: string[], today: string, zone: string, now: string): Promise<void> {
  for (let day = 1; day <= 14; day++) {
    const date = addDays(today, day);
    for (const [index, i] of interviewers.entries()) {
      const hour = 18 + index;
      await insertSlot(trx, {
        id: randomUUID(),
        interviewer_id: ids[index] ?? null,
        interviewer_name: i.name,
        interviewer_email: i.email,
        interviewer_phone: i.phone,
        details: `${i.qualification}: technical and HR rounds with a scorecard`,
        start_at: zonedToInstant(date, `${hour}:00`, zone).toISOString(),
        end_at: zonedToInstant(date, `${hour}:45`, zone).toISOString(),
        package_types: JSON.stringify(i.types),
        capacity: index === 0 ? 2 : 1,
        status: day % 5 === 0 && index === 2 ? "draft" : "published",
        meeting_link: null,
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      });
    }
  }
}

const workshops = [
  { topic: "ws_resume", title: "Resume that gets shortlisted", level: "Beginner", day: 3 },
  { topic: "ws_dsa", title: "DSA patterns for placement rounds", level: "Intermediate", day: 5 },
  { topic: "ws_systemdesign", title: "System design fundamentals", level: "Advanced", day: 8 },
  { topic: "ws_web", title: "Ship a web app in a day", level: "Beginner", day: 9 },
  { topic: "ws_mobile", title: "Your first mobile app", level: "Beginner", day: 10 },
  { topic: "ws_ai_tooling", title: "AI tools for developers", level: "Intermediate", day: 11 },
];

const CAPSTONE_BRIEF = "Build a small project with what the session covered and share its repository or live link.";

async function seedWorkshops(trx: Executor, today: string, zone: string, now: string): Promise<void> {
  for (const w of workshops) {
    const date = addDays(today, w.day);
    await insertWorkshop(trx, {
      id: randomUUID(),
      topic_key: w.topic,
      title: w.title,
      level: w.level,
      start_at: zonedToInstant(date, "11:00", zone).toISOString(),
      end_at: zonedToInstant(date, "13:00", zone).toISOString(),
      capacity: 40,
      status: "published",
      meeting_link: null,
      host_interviewer_id: null,
      capstone_brief: CAPSTONE_BRIEF,
      capstone_due_at: zonedToInstant(addDays(date, 7), "23:59", zone).toISOString(),
      cancelled_at: null,
      created_at: now,
      updated_at: now,
    });
  }
}

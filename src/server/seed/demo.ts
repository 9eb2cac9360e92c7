import { randomUUID } from "node:crypto";
import { addDays, zonedDate, zonedToInstant } from "../../shared/time.js";
import type { AppDeps } from "../app.js";
import { insertAdmin } from "../modules/admins/repository.js";

export const DEMO_ADMIN_EMAIL = "admin@example.com";

const interviewers = [
  {
    name: "Ananya Iyer",
    email: "ananya.iyer@example.com",
    phone: "+919800000001",
    qualification: "SDE II, ex-Flipkart",
    types: ["product", "service"],
    reviewed: "Hiring panel",
  },
  {
    name: "Rahul Menon",
    email: "rahul.menon@example.com",
    phone: "+919800000002",
    qualification: "Senior Engineer, Infosys",
    types: ["service"],
    reviewed: "Hiring panel",
  },
  {
    name: "Priya Sharma",
    email: "priya.sharma@example.com",
    phone: "+919800000003",
    qualification: "Staff Engineer, ex-Google",
    types: ["maang", "product"],
    reviewed: "Bar raiser",
  },
];

const weekPlans = [
  { title: "Kick-off and setup", deliverables: "Repository, tooling, first component" },
  { title: "Layouts and routing", deliverables: "Responsive pages with client routing" },
  { title: "Data fetching", deliverables: "API integration with loading and error states" },
  { title: "Forms and validation", deliverables: "Accessible forms with server validation" },
  { title: "Testing", deliverables: "Unit and end-to-end tests in CI" },
  { title: "Demo day", deliverables: "Deployed project and presentation" },
];

/** Seeds a demo install, but only into a database with no product data and no users. */
export async function seedDemoData(deps: AppDeps): Promise<boolean> {
  const { db, config } = deps;
  const existing = await Promise.all([
    db.selectFrom("interviewers").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("slots").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("internships").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("user").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("bookings").select("id").limit(1).executeTakeFirst(),
  ]);
  if (existing.some((row) => row !== undefined)) return false;

  const now = new Date().toISOString();
  const zone = config.timeZone;
  const today = zonedDate(new Date(), zone);

  await db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (const i of interviewers) {
      const id = randomUUID();
      ids.push(id);
      await trx
        .insertInto("interviewers")
        .values({
          id,
          name: i.name,
          email: i.email,
          phone: i.phone,
          phone_key: i.phone.replace(/\D/g, ""),
          qualification: i.qualification,
          company_types: JSON.stringify(i.types),
          reviewed_by: i.reviewed,
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    for (let day = 1; day <= 14; day++) {
      const date = addDays(today, day);
      for (const [index, i] of interviewers.entries()) {
        const hour = 18 + index;
        const start = zonedToInstant(date, `${hour}:00`, zone);
        const end = zonedToInstant(date, `${hour}:45`, zone);
        await trx
          .insertInto("slots")
          .values({
            id: randomUUID(),
            interviewer_id: ids[index] ?? null,
            interviewer_name: i.name,
            interviewer_email: i.email,
            interviewer_phone: i.phone,
            details: `${i.qualification}: technical and HR rounds with a scorecard`,
            start_at: start.toISOString(),
            end_at: end.toISOString(),
            package_types: JSON.stringify(i.types),
            capacity: index === 0 ? 2 : 1,
            status: day % 5 === 0 && index === 2 ? "draft" : "published",
            meeting_link: null,
            cancelled_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    }
    await trx
      .insertInto("internships")
      .values({
        id: randomUUID(),
        title: "Frontend Engineering Internship",
        mentor: "Ananya Iyer",
        start_date: addDays(today, 10),
        weeks: weekPlans.length,
        week_plans: JSON.stringify(weekPlans),
        track_key: "int_frontend",
        capacity: 30,
        meeting_link: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const workshops = [
      { topic: "ws_resume", title: "Resume that gets shortlisted", level: "Beginner", day: 3 },
      { topic: "ws_dsa", title: "DSA patterns for placement rounds", level: "Intermediate", day: 5 },
      { topic: "ws_systemdesign", title: "System design fundamentals", level: "Advanced", day: 8 },
    ];
    for (const w of workshops) {
      const date = addDays(today, w.day);
      await trx
        .insertInto("workshops")
        .values({
          id: randomUUID(),
          topic_key: w.topic,
          title: w.title,
          level: w.level,
          start_at: zonedToInstant(date, "11:00", zone).toISOString(),
          end_at: zonedToInstant(date, "13:00", zone).toISOString(),
          capacity: 40,
          status: "published",
          meeting_link: null,
          cancelled_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  });
  await insertAdmin(db, DEMO_ADMIN_EMAIL, "demo seed");
  deps.log.info("seeded demo data (interviewers, slots, workshops, internship, admin@example.com)");
  return true;
}

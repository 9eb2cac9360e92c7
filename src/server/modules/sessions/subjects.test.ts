import { expect, it } from "vitest";
import { zonedToInstant } from "../../../shared/time.js";
import {
  buildBooking,
  buildCompletedProfile,
  buildInternship,
  buildInterviewer,
  buildSlot,
  buildWorkshop,
  findUserId,
} from "../../test/builders.js";
import { describeEachDialect } from "../../test/test-app.js";
import { findCatalogLabels } from "../catalog/index.js";
import { findBookingSessions, findBookingSubjects, findStudentSessions } from "./index.js";

/**
 * A page of the audit log names its bookings by what they are for, when, with whom and for which
 * student: the same words the full session gives, from statements whose text never depends on
 * how many bookings it names (docs/benchmarks.md, Scale, seventh entry).
 */
const sent: string[] = [];
describeEachDialect(
  "what a booking is for, in few columns",
  (t) => {
    it("names mock interviews, workshops with their host and internships as the sessions do, and leaves out a deleted one", async () => {
      const { db, dialect } = t().app.deps;
      const timeZone = t().app.deps.config.timeZone;
      await t().signIn(`named-${dialect}@example.com`);
      await t().signIn(`unnamed-${dialect}@example.com`);
      const named = await findUserId(db, `named-${dialect}@example.com`);
      const unnamed = await findUserId(db, `unnamed-${dialect}@example.com`);
      await buildCompletedProfile(db, named, { first_name: "Meera", last_name: "Iyer" });
      const host = await buildInterviewer(db, { name: "Kiran Shah" });
      const slot = await buildSlot(db, { interviewer_name: "Asha Rao" });
      const workshop = await buildWorkshop(db, { title: "Graphs in an hour", host_interviewer_id: host.id });
      const batch = await buildInternship(db, { title: "Frontend batch" });
      const gone = await buildSlot(db);
      const bookings = [
        await buildBooking(db, { user_id: named, target_id: slot.id }),
        await buildBooking(db, { user_id: unnamed, target_id: workshop.id, kind: "workshop", package_key: "ws_dsa" }),
        await buildBooking(db, {
          user_id: named,
          target_id: batch.id,
          kind: "internship",
          package_key: "int_frontend",
        }),
        await buildBooking(db, { user_id: named, target_id: gone.id }),
      ];
      await db
        .deleteFrom("bookings")
        .where("id", "=", bookings[3]?.id ?? "")
        .execute();
      await db.deleteFrom("slots").where("id", "=", gone.id).execute();
      const ids = bookings.map((b) => b.id);
      const label = await findCatalogLabels(db);

      sent.length = 0;
      const one = await findBookingSubjects(db, timeZone, ids.slice(0, 1), label);
      // A page of mock interviews alone: one statement, no lookup of workshops or internships.
      expect(sent).toHaveLength(1);
      expect(one).toHaveLength(1);
      sent.length = 0;
      await findBookingSubjects(db, timeZone, ids.slice(0, 3), label);
      const threeSent = [...sent].sort();
      sent.length = 0;
      const subjects = await findBookingSubjects(db, timeZone, ids, label);
      // The bookings, then their workshops and internships by id: the same three texts for a longer list.
      expect(threeSent).toHaveLength(3);
      expect([...sent].sort()).toEqual(threeSent);

      const byId = new Map(subjects.map((s) => [s.bookingId, s]));
      expect(subjects).toHaveLength(3);
      expect(byId.get(ids[0] ?? "")).toEqual({
        bookingId: ids[0],
        student: "Meera Iyer",
        title: "Service-based mock interview",
        startAt: slot.start_at,
        interviewerName: "Asha Rao",
      });
      expect(byId.get(ids[1] ?? "")).toMatchObject({
        student: `unnamed-${dialect}@example.com`,
        title: "Graphs in an hour",
        startAt: workshop.start_at,
        interviewerName: "Kiran Shah",
      });
      expect(byId.get(ids[2] ?? "")).toMatchObject({
        title: "Frontend batch",
        startAt: zonedToInstant(batch.start_date, "00:00", timeZone).toISOString(),
        interviewerName: null,
      });
      // The same words as the full sessions of these bookings.
      const sessions = await findBookingSessions(db, timeZone, { bookingIds: ids });
      expect(sessions.map((s) => [s.bookingId, s.title, s.startAt, s.interviewerName]).sort()).toEqual(
        subjects.map((s) => [s.bookingId, s.title, s.startAt, s.interviewerName]).sort(),
      );
    });

    it("gives a student their own sessions, each of its own kind, as the sessions with their name do", async () => {
      const { db, dialect } = t().app.deps;
      const timeZone = t().app.deps.config.timeZone;
      await t().signIn(`own-${dialect}@example.com`);
      await t().signIn(`other-${dialect}@example.com`);
      const student = await findUserId(db, `own-${dialect}@example.com`);
      const other = await findUserId(db, `other-${dialect}@example.com`);
      await buildCompletedProfile(db, student, { first_name: "Ravi", last_name: "Menon" });
      const slot = await buildSlot(db, { interviewer_name: "Asha Rao" });
      // A workshop that shares its id with the slot: a booking is joined only to its own kind's session.
      const workshop = await buildWorkshop(db, { id: slot.id, title: "System design live", level: "Advanced" });
      const batch = await buildInternship(db, { title: "Backend batch", weeks: 6 });
      const mock = await buildBooking(db, { user_id: student, target_id: slot.id });
      const seat = await buildBooking(db, {
        user_id: student,
        target_id: workshop.id,
        kind: "workshop",
        package_key: "ws_dsa",
      });
      const enrolment = await buildBooking(db, {
        user_id: student,
        target_id: batch.id,
        kind: "internship",
        package_key: "int_frontend",
        status: "cancelled",
      });
      await buildBooking(db, { user_id: other, target_id: slot.id });

      const own = await findStudentSessions(db, timeZone, student);
      expect(own.map((s) => s.bookingId).sort()).toEqual([mock.id, seat.id, enrolment.id].sort());
      const byId = new Map(own.map((s) => [s.bookingId, s]));
      expect(byId.get(mock.id)).toMatchObject({
        title: "Service-based mock interview",
        startAt: slot.start_at,
        endAt: slot.end_at,
        interviewerName: "Asha Rao",
        level: null,
      });
      expect(byId.get(seat.id)).toMatchObject({
        title: "System design live",
        startAt: workshop.start_at,
        endAt: workshop.end_at,
        level: "Advanced",
      });
      const batchStart = zonedToInstant(batch.start_date, "00:00", timeZone).toISOString();
      expect(byId.get(enrolment.id)).toMatchObject({
        title: "Backend batch",
        startAt: batchStart,
        endAt: new Date(Date.parse(batchStart) + 6 * 7 * 86_400_000).toISOString(),
      });
      // The same sessions as those read with the student's name, less the name.
      const named = await findBookingSessions(db, timeZone, { bookingIds: [mock.id, seat.id, enrolment.id] });
      expect(named.every((s) => s.userName === "Ravi Menon")).toBe(true);
      const byBooking = (a: { bookingId: string }, b: { bookingId: string }) => a.bookingId.localeCompare(b.bookingId);
      expect([...own].sort(byBooking)).toEqual(
        named.map(({ userEmail: _email, userName: _name, ...session }) => session).sort(byBooking),
      );
      // Only the statuses asked for.
      const confirmed = await findStudentSessions(db, timeZone, student, ["confirmed"]);
      expect(confirmed.map((s) => s.bookingId).sort()).toEqual([mock.id, seat.id].sort());
    });
  },
  {},
  { onQuery: (sql) => sent.push(sql.replace(/\s+/g, " ").trim()) },
);

import {
  type BookingKind,
  HOLD_MINUTES,
  INTERNSHIP_WEEKS,
  PAYMENT_WINDOW_MINUTES,
  RESCHEDULE_MIN_NOTICE_HOURS,
} from "../../../../shared/constants.js";

/** The FAQ is grouped by what a student can book. */
export type FaqTopic = BookingKind;

export interface FaqItem {
  q: string;
  /** `{price:KEY}` is replaced by the catalog's current price for that package. */
  a: string;
}

export const FAQ_TOPICS: ReadonlyArray<{ id: FaqTopic; label: string }> = [
  { id: "mock", label: "Mock Interviews" },
  { id: "internship", label: "Internships" },
  { id: "workshop", label: "Workshops" },
];

const mock: FaqItem[] = [
  {
    q: "What is a CareerPrep mock interview?",
    a: "A live, one-to-one interview with an industry professional that follows the rounds of a real placement process. Afterwards you get a scorecard that tells you what went well and what to fix before the real one.",
  },
  {
    q: "Who are the interviewers?",
    a: "Working engineers, product managers, analysts and designers from product-based, service-based and startup-style companies. Every interviewer is reviewed by our team before they take sessions.",
  },
  {
    q: "Which packages can I choose from, and what do they cost?",
    a: "Service-based (technical, HR and resume rounds) costs {price:service}; Product-based (phone screen, technical, HR and resume) costs {price:product}; MAANG-level (phone screen, two technical rounds, HR and resume) costs {price:maang}. Each plan card shows whether it is available right now.",
  },
  {
    q: "Which kinds of companies do you prepare me for?",
    a: "Product-based, service-based and startup-style companies. The package you pick sets the rounds and the level of difficulty your interviewer aims for.",
  },
  {
    q: "Which domains are covered?",
    a: "Software development (SDE), product management, analytics and UI/UX. Your interviewer tailors the questions to the role you are aiming for.",
  },
  {
    q: "How long does a session last?",
    a: "About 45 to 60 minutes, including a few minutes of spoken feedback at the end.",
  },
  {
    q: "What do I get after the interview?",
    a: "A scorecard with a score for each area the package covers (for example resume, technical and communication), an overall score, tags and written notes. When the session is recorded, the recording and a video review are added as well. Your interviewer writes it right after the session, and you get an e-mail and a notification on your dashboard as soon as it is ready.",
  },
  {
    q: "How do I book a slot?",
    a: `Sign in, choose Mock Interview, pick a plan and then a time from the list of upcoming slots. The seat is held for you for ${HOLD_MINUTES} minutes while you pay, and it is confirmed as soon as the payment goes through.`,
  },
  {
    q: "How can I pay?",
    a: "Online through Razorpay: UPI, debit and credit cards, net banking and popular wallets. The amount charged is the price shown on the plan card; we never store your card details.",
  },
  {
    q: "What if my payment fails or takes too long?",
    a: `If the payment fails, nothing is charged and the seat stays held for you for up to ${PAYMENT_WINDOW_MINUTES} minutes from when you chose Proceed to Payment, so you can try again with Retry payment; choosing another time or leaving the page releases it. If money leaves your account after the ${HOLD_MINUTES}-minute hold ran out and someone else took the seat, we refund it in full automatically.`,
  },
  {
    q: "Can I reschedule?",
    a: `Yes, from your dashboard, up to ${RESCHEDULE_MIN_NOTICE_HOURS} hours before the session starts, to another open slot of the same package. Your calendar invite is updated for you.`,
  },
  {
    q: "Can I cancel and get my money back?",
    a: `Yes. Cancel from your dashboard up to ${RESCHEDULE_MIN_NOTICE_HOURS} hours before the start and we refund the full amount to the original payment method; banks usually credit it within 5 to 7 working days. If we ever have to cancel a session, you get a full refund and an e-mail.`,
  },
  {
    q: "How do I join the interview?",
    a: "The join link appears on your dashboard before the session. You also get a confirmation e-mail with a calendar invite, and reminders 24 hours and 1 hour before the start.",
  },
  {
    q: "What do I need on the day?",
    a: "A laptop with a webcam and microphone, a stable internet connection, a quiet room and your latest resume. For technical rounds keep a code editor or a sheet of paper ready.",
  },
  {
    q: "How should I prepare for my first mock?",
    a: "Add a link to your resume on the dashboard so your interviewer can read it beforehand, revise the basics of your target role, and warm up with the practice questions on your dashboard, by domain and topic, with a 15-minute timer. Treat it like the real interview: that is where the value is.",
  },
  {
    q: "What happens if I miss my session?",
    a: "A session you miss is marked as a no-show and is not refunded, because the interviewer's time was reserved for you. If you cannot make it, reschedule or cancel at least 12 hours ahead.",
  },
  {
    q: "Can I book more than one mock interview?",
    a: "Yes, and most students do. Spacing a few mocks over several weeks and comparing your scorecards on the dashboard is the fastest way to see progress.",
  },
  {
    q: "Do you guarantee a job or a placement?",
    a: "No one honestly can. What we guarantee is a realistic interview, honest feedback and a clear list of what to improve before the interviews that count.",
  },
];

const internship: FaqItem[] = [
  {
    q: "What is a CareerPrep internship?",
    a: "A guided, project-based internship: you build a real project in a small cohort, with a mentor, weekly milestones, stand-ups and code reviews, and present it on demo day.",
  },
  {
    q: "How long does it last?",
    a: `Most internships run for ${INTERNSHIP_WEEKS} weeks and some project tracks up to 8 weeks. The internship you book shows its exact length and its week-by-week plan before you pay.`,
  },
  {
    q: "How much time do I need each week?",
    a: "About 6 to 10 hours a week, planned so that you can do it alongside college.",
  },
  {
    q: "Which tracks are there, and what do they cost?",
    a: "Tracks cover Web, Mobile, Data/AI and Product. Open for enrolment now: Frontend at {price:int_frontend}, Backend at {price:int_backend}, Machine learning at {price:int_ml}, Mobile at {price:int_mobile} and Product at {price:int_product}.",
  },
  {
    q: "How do I apply?",
    a: "Fill in a short form, pick your track and pay to reserve your place. We then schedule an onboarding call and match you with a mentor.",
  },
  {
    q: "What does a typical week look like?",
    a: "Each week has a milestone from the plan. You join short stand-ups, push your work, and your mentor reviews it with comments you address before the next milestone.",
  },
  {
    q: "Do I get a certificate?",
    a: "Yes. After demo day you receive a verified certificate with its own public link, so a recruiter can check that it is genuine.",
  },
  {
    q: "Who can join?",
    a: "College students and recent graduates. Each track you can enrol in now (web front end, back end, data and machine learning) expects the basics of one programming language.",
  },
  {
    q: "Is there a stipend?",
    a: "No. This is a paid, mentored training internship, not a job offer; what you take away is the project, the reviews and the certificate.",
  },
  {
    q: "Is it online?",
    a: "Yes, fully online: onboarding call, stand-ups, code reviews and demo day. You only need a laptop and a stable connection.",
  },
];

const workshop: FaqItem[] = [
  {
    q: "What are the workshops like?",
    a: "Live, project-oriented sessions in small batches. You build alongside the instructor and ask questions as you go, then finish a capstone mini-project.",
  },
  {
    q: "Which topics do you cover, and what do they cost?",
    a: "DSA, System Design, Web, Mobile and AI tooling. Open for booking now: Resume at {price:ws_resume}, DSA at {price:ws_dsa}, System Design at {price:ws_systemdesign}, Web at {price:ws_web}, Mobile at {price:ws_mobile} and AI tooling at {price:ws_ai_tooling}.",
  },
  {
    q: "Which level should I pick?",
    a: "Beginner if the topic is new to you, Intermediate if you have used it in a project, Advanced if you want interview-level depth. Each session shows its level before you book.",
  },
  {
    q: "How do I reserve a seat?",
    a: `Pick a topic and level, choose a date and slot, and pay. Your seat is held for ${HOLD_MINUTES} minutes while you pay. Seats are limited so that everyone gets help.`,
  },
  {
    q: "What do I need for a workshop?",
    a: "A laptop, a stable connection and the short setup list in your confirmation e-mail. Everything else is done live in the session.",
  },
  {
    q: "Do I get a certificate?",
    a: "Yes: attend the session and complete the capstone mini-project to receive a shareable certificate of completion with a public link that anyone can check.",
  },
  {
    q: "I am in my first year. Can I join?",
    a: "Yes. Beginner workshops assume no prior experience with the topic, only curiosity and a laptop.",
  },
  {
    q: "Can I cancel a workshop booking?",
    a: `Yes, from your dashboard up to ${RESCHEDULE_MIN_NOTICE_HOURS} hours before the start, with a full refund to the original payment method. If we cancel a session, you are refunded in full automatically.`,
  },
];

/** 18, 10 and 8 questions (docs/product.md, Landing page). */
export const FAQ: Readonly<Record<FaqTopic, readonly FaqItem[]>> = { mock, internship, workshop };

import { Link } from "react-router";

const cta = "inline-flex min-h-11 items-center rounded-lg px-4 py-2 text-sm font-semibold";

export function WelcomeBanner({ firstName, hasBooking }: { firstName: string; hasBooking: boolean }) {
  // A student with nothing booked yet is new here: "back" would be wrong.
  const hello = hasBooking ? "Welcome back" : "Welcome";
  const greeting = firstName ? `${hello}, ${firstName}` : hello;
  return (
    <section className="rounded-2xl bg-gradient-to-r from-brand-800 to-brand-700 p-6 text-white shadow">
      <h1 className="text-2xl font-bold">{greeting}</h1>
      <p className="mt-1 max-w-2xl text-brand-50">
        {hasBooking
          ? "Your sessions, feedback and progress in one place."
          : "Book your first session to start practising with industry professionals."}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/onboarding?type=mockInterview" className={`${cta} bg-white text-brand-900 hover:bg-brand-50`}>
          Book a Mock
        </Link>
        <Link to="/onboarding?type=workshop" className={`${cta} border border-white text-white hover:bg-white/10`}>
          Join Workshop
        </Link>
      </div>
    </section>
  );
}

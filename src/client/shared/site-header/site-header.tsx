import { Link } from "react-router";
import { MESSAGES } from "../../../shared/messages.js";
import { useMe } from "../session/get-me.js";

const navLink =
  "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50";

/** The site's header outside the landing page: the way home, and the dashboard once signed in. */
export function SiteHeader() {
  const me = useMe();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-4xl items-center gap-3 px-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg">
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
          <span className="text-lg font-bold text-brand-900">CareerPrep</span>
        </Link>
        <nav aria-label="Site" className="ml-auto flex gap-1">
          <Link to="/#faq" className={navLink}>
            FAQ
          </Link>
          {me.data?.user && (
            <Link to="/dashboard" className={navLink}>
              {MESSAGES.dashboardButton}
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}

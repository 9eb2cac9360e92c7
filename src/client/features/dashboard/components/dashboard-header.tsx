import { Link } from "react-router";
import { personName } from "../../../../shared/person-name.js";
import type { MeResponse } from "../../../../shared/schemas/session.js";
import { NotificationBell } from "./notification-bell.js";

/** Sticky header: search box, notifications bell and profile chip (docs/product.md, Dashboard). */
export function DashboardHeader({
  user,
  firstName,
  search,
  onSearch,
}: {
  user: NonNullable<MeResponse["user"]>;
  /** The profile's first name, once the dashboard has loaded. */
  firstName: string | undefined;
  search: string;
  onSearch: (value: string) => void;
}) {
  const label = personName({ accountName: user.name, email: user.email }) || firstName || user.email;
  const initials = label
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:flex-nowrap">
        <Link to="/" className="mr-auto shrink-0 rounded text-lg font-bold text-brand-800 sm:mr-0">
          CareerPrep
        </Link>
        <search className="order-last min-w-0 basis-full sm:order-none sm:basis-auto sm:flex-1">
          <form onSubmit={(event) => event.preventDefault()} className="mx-auto max-w-md">
            <label htmlFor="dashboard-search" className="sr-only">
              Search your sessions, feedback and resources
            </label>
            <input
              id="dashboard-search"
              type="search"
              value={search}
              onChange={(event) => onSearch(event.target.value)}
              placeholder="Search sessions, feedback, resources"
              className="block w-full rounded-full border border-slate-400 bg-white px-4 py-2 text-sm text-slate-900 placeholder:text-slate-600"
            />
          </form>
        </search>
        <NotificationBell />
        <Link
          to="/dashboard?tab=profile"
          className="flex shrink-0 items-center gap-2 rounded-full border border-slate-300 py-1 pr-3 pl-1 text-sm font-medium text-slate-900 hover:bg-slate-50"
        >
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white"
          >
            {initials || "?"}
          </span>
          <span className="hidden max-w-40 truncate sm:inline">{label}</span>
          <span className="sr-only sm:hidden">Profile of {label}</span>
        </Link>
      </div>
    </header>
  );
}

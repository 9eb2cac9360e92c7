import { Link } from "react-router";
import type { MeResponse } from "../../../../shared/schemas/session.js";
import { NotificationBell } from "./notification-bell.js";

/** Sticky header: search box, notifications bell and profile chip (docs/product.md, Dashboard). */
export function DashboardHeader({
  user,
  search,
  onSearch,
}: {
  user: NonNullable<MeResponse["user"]>;
  search: string;
  onSearch: (value: string) => void;
}) {
  const label = user.name || user.email;
  const initials = label
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
        <Link to="/" className="shrink-0 rounded text-lg font-bold text-brand-800">
          CareerPrep
        </Link>
        <search className="min-w-0 flex-1">
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

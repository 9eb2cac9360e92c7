import { Link, useNavigate } from "react-router";
import type { DashboardTab } from "../../../../shared/schemas/dashboard.js";
import { useSignOut } from "../../../shared/session/sign-out.js";

export const TAB_LABELS: Record<DashboardTab, string> = {
  overview: "Overview",
  interviews: "Interviews",
  workshops: "Workshops",
  internships: "Internships",
  profile: "Profile",
};

const itemClass =
  "flex min-h-11 items-center rounded-lg md:w-full px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-800 hover:bg-slate-100";

/** Overview, Interviews, Workshops, Internships, Profile, Logout (docs/product.md, Dashboard). */
export function Sidebar({ active }: { active: DashboardTab }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <nav aria-label="Dashboard" className="border-slate-200 md:w-56 md:shrink-0 md:border-r">
      {/* On phones the items wrap, so Profile and Logout are never off-screen. */}
      <ul className="flex flex-wrap gap-1 p-2 md:sticky md:top-16 md:flex-col md:flex-nowrap md:p-4">
        {(Object.keys(TAB_LABELS) as DashboardTab[]).map((tab) => (
          <li key={tab}>
            <Link
              to={tab === "overview" ? "/dashboard" : `/dashboard?tab=${tab}`}
              aria-current={tab === active ? "page" : undefined}
              className={`${itemClass} ${tab === active ? "bg-brand-50 text-brand-900 ring-1 ring-brand-100" : ""}`}
            >
              {TAB_LABELS[tab]}
            </Link>
          </li>
        ))}
        <li className="md:mt-4 md:border-t md:border-slate-200 md:pt-4">
          <button
            type="button"
            className={itemClass}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate("/", { replace: true }) })}
          >
            {signOut.isPending ? "Logging out…" : "Logout"}
          </button>
        </li>
      </ul>
    </nav>
  );
}

import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../../ui/button.js";
import { useMe } from "../session/api/get-me.js";
import { useSignOut } from "../session/api/sign-out.js";
import { useMessages } from "./api/admin-api.js";
import { AdminGate } from "./components/admin-gate.js";
import { ADMIN_SECTIONS } from "./sections.js";

export default function AdminRoute() {
  return (
    <AdminGate>
      <AdminConsole />
    </AdminGate>
  );
}

function AdminConsole() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const messages = useMessages();
  const current = ADMIN_SECTIONS.find((s) => s.id === params.get("section")) ?? ADMIN_SECTIONS[0];
  const select = (id: string) => setParams({ section: id }, { replace: true });

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex flex-wrap items-center justify-between gap-3 bg-brand-900 px-6 py-4 text-white">
        <div>
          <h1 className="text-xl font-bold">Admin console</h1>
          <p className="text-sm text-brand-100">Welcome, {me.data?.user?.email}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => signOut.mutate(undefined, { onSettled: () => navigate("/admin-login", { replace: true }) })}
        >
          Sign out
        </Button>
      </header>
      <div
        role="tablist"
        aria-label="Console sections"
        className="flex gap-1 overflow-x-auto border-b border-slate-300 bg-white px-4"
      >
        {ADMIN_SECTIONS.map((section, index) => {
          const selected = section.id === current?.id;
          const badge = section.id === "messages" ? messages.data?.unhandled : undefined;
          return (
            <button
              key={section.id}
              id={`admin-tab-${section.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls="admin-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => select(section.id)}
              onKeyDown={(e) => {
                if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
                const next =
                  ADMIN_SECTIONS[
                    (index + (e.key === "ArrowRight" ? 1 : ADMIN_SECTIONS.length - 1)) % ADMIN_SECTIONS.length
                  ];
                if (!next) return;
                select(next.id);
                document.getElementById(`admin-tab-${next.id}`)?.focus();
              }}
              className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 py-2 text-sm font-semibold ${selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900"}`}
            >
              {section.label}
              {badge ? (
                <span className="ml-1 rounded-full bg-red-700 px-1.5 text-xs text-white">
                  {badge}
                  <span className="sr-only"> unhandled</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <main id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${current?.id}`} className="p-4 md:p-6">
        {current?.element}
      </main>
    </div>
  );
}

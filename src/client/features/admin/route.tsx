import { type KeyboardEvent, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useMe } from "../../shared/session/get-me.js";
import { useSignOut } from "../../shared/session/sign-out.js";
import { Button } from "../../ui/button.js";
import { AdminGate } from "./components/admin-gate.js";
import { ADMIN_SECTIONS } from "./sections.js";

export default function AdminRoute() {
  return (
    <AdminGate>
      <AdminConsole />
    </AdminGate>
  );
}

/** Welcome bar with sign out, then the sections as tabs (arrow keys, Home and End move between them). */
function AdminConsole() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const current = ADMIN_SECTIONS.find((s) => s.id === params.get("section")) ?? ADMIN_SECTIONS[0];
  const select = (id: string) => setParams({ section: id }, { replace: true });

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const count = ADMIN_SECTIONS.length;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1 + count, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const section = ADMIN_SECTIONS[next % count];
    if (!section) return;
    select(section.id);
    tabs.current.get(section.id)?.focus();
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex flex-wrap items-center justify-between gap-3 bg-brand-900 px-6 py-4 text-white">
        <div>
          <h1 className="text-xl font-bold">Admin console</h1>
          <p className="text-sm text-brand-100">Welcome, {me.data?.user?.name || me.data?.user?.email}</p>
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
          return (
            <button
              key={section.id}
              ref={(element) => {
                if (element) tabs.current.set(section.id, element);
                else tabs.current.delete(section.id);
              }}
              id={`admin-tab-${section.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls="admin-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => select(section.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 py-2 text-sm font-semibold ${selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900"}`}
            >
              {section.label}
              {section.badge}
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

import { useNavigate, useSearchParams } from "react-router";
import { useMe } from "../../shared/session/get-me.js";
import { useSignOut } from "../../shared/session/sign-out.js";
import { Button } from "../../ui/button.js";
import { Tabs } from "../../ui/tabs.js";
import { AdminGate } from "./components/admin-gate.js";
import { AdminSignInEnded, useAdminSignInEnded } from "./components/admin-sign-in-ended.js";
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
  const current = ADMIN_SECTIONS.find((s) => s.id === params.get("section")) ?? ADMIN_SECTIONS[0];
  const select = (id: string) => setParams({ section: id }, { replace: true });
  const signInEnded = useAdminSignInEnded();

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
      <Tabs
        label="Console sections"
        items={ADMIN_SECTIONS.map((section) => ({
          id: section.id,
          label: (
            <>
              {section.label}
              {section.badge}
            </>
          ),
        }))}
        selected={current?.id ?? ""}
        onSelect={select}
        listClassName="flex gap-1 overflow-x-auto border-b border-slate-300 bg-white px-4"
        tabClassName={(selected) =>
          `-mb-px min-h-11 shrink-0 border-b-2 px-3 py-2 text-sm font-semibold ${selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900"}`
        }
        panelAs="main"
        panelClassName="p-4 md:p-6"
      >
        {signInEnded && current ? <AdminSignInEnded sectionId={current.id} title={current.label} /> : current?.element}
      </Tabs>
    </div>
  );
}

import type { Dashboard } from "../../../../shared/schemas/dashboard.js";
import type { MeResponse } from "../../../../shared/schemas/session.js";
import { AlertChannelsPanel } from "./alert-channels-form.js";
import { Panel } from "./panel.js";
import { ProfileForm } from "./profile-form.js";
import { ResumeForm } from "./resume-form.js";
import { YourDataPanel } from "./your-data-panel.js";

export function ProfileTab({ user, data }: { user: NonNullable<MeResponse["user"]>; data: Dashboard }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
      <Panel title="Account">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-700">Name</dt>
            <dd className="font-semibold text-slate-900">{user.name || "—"}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">E-mail</dt>
            <dd className="font-semibold break-all text-slate-900">{user.email}</dd>
          </div>
        </dl>
      </Panel>
      <ProfileForm />
      <AlertChannelsPanel />
      <ResumeForm current={data.resumeUrl} />
      <YourDataPanel email={user.email} />
    </div>
  );
}

import { useState } from "react";
import { AUDIT_ENTITIES, type AuditEntryDto } from "../../../../shared/schemas/audit.js";
import { formatInstant } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { SelectField } from "../../../ui/field.js";
import { useAudit } from "../api/get-audit.js";
import { readableValue } from "./console-dates.js";
import { LoadMore } from "./load-more.js";
import { SectionLayout } from "./section-layout.js";

type Fields = Record<string, unknown>;
const asFields = (value: unknown): Fields => (value && typeof value === "object" ? (value as Fields) : {});

/** The fields a change touched: all of them for a create or delete, the differing ones for an update. */
function changedFields(entry: AuditEntryDto): [string, unknown, unknown][] {
  const before = asFields(entry.before);
  const after = asFields(entry.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter(
      (k) => entry.before === null || entry.after === null || JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    )
    .map((k) => [k, before[k], after[k]]);
}

/** Read-only: who changed what, before and after, when; filterable by what changed. */
export function AuditSection() {
  const config = useClientConfig();
  const [entity, setEntity] = useState("");
  const audit = useAudit(entity);
  const show = (value: unknown) =>
    readableValue(value, config.data?.timeZone ?? "Asia/Kolkata", config.data?.timeZoneLabel);
  const entries = audit.data?.pages.flatMap((page) => page.entries);

  return (
    <SectionLayout id="audit" title="Audit log">
      <div className="max-w-xs">
        <SelectField label="Show changes to" value={entity} onChange={(event) => setEntity(event.target.value)}>
          <option value="">Everything</option>
          {AUDIT_ENTITIES.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </SelectField>
      </div>
      {audit.isPending && <Spinner label="Loading the audit log…" />}
      {audit.isError && <Alert tone="error">{audit.error.message}</Alert>}
      {entries?.length === 0 && <p className="text-slate-700">Nothing recorded yet.</p>}
      <ul className="space-y-2">
        {entries?.map((e) => (
          <li key={e.id} className="rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-900">
            <p>
              <strong>{e.actorEmail}</strong> · {e.action} · <span className="font-medium">{e.subject}</span> ·{" "}
              <time dateTime={e.createdAt}>
                {formatInstant(e.createdAt, config.data?.timeZone ?? "Asia/Kolkata", config.data?.timeZoneLabel)}
              </time>
            </p>
            <details className="mt-1">
              <summary className="cursor-pointer text-slate-800">Before and after</summary>
              <div className="mt-1 overflow-x-auto">
                <table className="text-xs">
                  <thead>
                    <tr className="text-left">
                      <th scope="col" className="pr-4">
                        Field
                      </th>
                      <th scope="col" className="pr-4">
                        Before
                      </th>
                      <th scope="col">After</th>
                    </tr>
                  </thead>
                  <tbody>
                    {changedFields(e).map(([field, before, after]) => (
                      <tr key={field} className="align-top">
                        <th scope="row" className="pr-4 text-left font-medium">
                          {field}
                        </th>
                        <td className="pr-4 break-all">{show(before)}</td>
                        <td className="break-all">{show(after)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </li>
        ))}
      </ul>
      <LoadMore list={audit} label="Show older entries" />
    </SectionLayout>
  );
}

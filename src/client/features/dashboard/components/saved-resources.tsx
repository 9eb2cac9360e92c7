import type { Resource } from "../resources.js";
import { Panel } from "./panel.js";

export function ResourceList({ resources }: { resources: Resource[] }) {
  return (
    <ul className="space-y-3">
      {resources.map((r) => (
        <li key={r.id}>
          <a
            href={r.url}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-800 underline-offset-2 hover:underline"
          >
            {r.title}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <p className="text-sm text-slate-700">
            <span className="font-medium">{r.topic}.</span> {r.description}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function SavedResources({ resources }: { resources: Resource[] }) {
  return (
    <Panel title="Saved resources">
      <ResourceList resources={resources} />
    </Panel>
  );
}

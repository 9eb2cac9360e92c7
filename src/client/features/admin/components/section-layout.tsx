import type { ReactNode } from "react";

/** A console section: its heading (level 2, the tab's name) and optional tools beside it. */
export function SectionLayout({
  id,
  title,
  tools,
  children,
}: {
  id: string;
  title: string;
  tools?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {tools}
      </div>
      {children}
    </section>
  );
}

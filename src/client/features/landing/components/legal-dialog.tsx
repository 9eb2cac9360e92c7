import { MESSAGES } from "../../../../shared/messages.js";
import { Dialog } from "../../../ui/dialog.js";
import { LEGAL, LEGAL_LAST_UPDATED_TEXT } from "../content/legal.js";

/** Privacy policy and terms in a modal (docs/product.md, Landing page); closes by outside click or Escape. */
export default function LegalDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={MESSAGES.legalLink}
      className="max-h-[90dvh] sm:w-[min(100%-2rem,48rem)]"
    >
      <p className="mt-1 text-sm text-slate-600">{LEGAL_LAST_UPDATED_TEXT}</p>
      <div className="mt-4 space-y-8 text-sm leading-relaxed text-slate-800">
        {LEGAL.map((part, index) => (
          <section key={part.heading} aria-labelledby={`legal-part-${index}`}>
            <h3 id={`legal-part-${index}`} className="text-lg font-bold text-slate-900">
              {part.heading}
            </h3>
            {part.sections.map((section) => (
              <div key={section.heading} className="mt-4">
                <h4 className="font-semibold text-slate-900">{section.heading}</h4>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph.slice(0, 40)} className="mt-2">
                    {paragraph}
                  </p>
                ))}
              </div>
            ))}
          </section>
        ))}
      </div>
    </Dialog>
  );
}

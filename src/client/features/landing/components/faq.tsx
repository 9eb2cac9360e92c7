import { useState } from "react";
import type { CatalogKey } from "../../../../shared/constants.js";
import { formatPaise } from "../../../../shared/money.js";
import { Tabs } from "../../../ui/tabs.js";
import { FAQ, FAQ_TOPICS, type FaqTopic } from "../content/faq.js";
import { useIsWide } from "../hooks/use-media-query.js";
import { useLandingCatalog } from "../lib/visitor.js";

function useAnswerText() {
  const catalog = useLandingCatalog();
  return (answer: string) =>
    answer.replace(/\{price:(\w+)\}/g, (_, key: string) => {
      const item = catalog.data?.items.get(key as CatalogKey);
      return item ? formatPaise(item.pricePaise) : "the price shown when you book";
    });
}

/**
 * FAQ tabs (docs/product.md, Landing page): switching tabs closes the open question. From 768 px an answer is a
 * tooltip shown on hover or keyboard focus (Escape hides it); below, a tap expands it, one at a time.
 */
export default function Faq() {
  const [topic, setTopic] = useState<FaqTopic>("mock");
  const [open, setOpen] = useState<number | null>(null);
  const wide = useIsWide();
  // Not useId: this section is hydrated after the top of the page (components/hydrate-later.tsx).
  const baseId = "faq";

  const select = (next: FaqTopic) => {
    setTopic(next);
    setOpen(null);
  };

  const answer = useAnswerText();
  const items = FAQ[topic];
  return (
    <div>
      <Tabs
        idBase="faq-topics"
        label="Questions about"
        items={FAQ_TOPICS}
        selected={topic}
        onSelect={select}
        listClassName="flex flex-wrap gap-2"
        tabClassName={(selected) =>
          `min-h-11 rounded-full px-4 text-sm font-semibold ${selected ? "bg-brand-700 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"}`
        }
        panelClassName="mt-4"
      >
        <ul className="grid gap-2 md:grid-cols-2">
          {items.map((item, index) =>
            wide ? (
              <TooltipItem
                key={item.q}
                question={item.q}
                answer={answer(item.a)}
                id={`${baseId}-${topic}-${index}`}
                shown={open === index}
                above={index >= items.length - 4}
                onShow={() => setOpen(index)}
                onHide={() => setOpen((current) => (current === index ? null : current))}
              />
            ) : (
              <AccordionItem
                key={item.q}
                question={item.q}
                answer={answer(item.a)}
                id={`${baseId}-${topic}-${index}`}
                expanded={open === index}
                onToggle={() => setOpen((current) => (current === index ? null : index))}
              />
            ),
          )}
        </ul>
      </Tabs>
    </div>
  );
}

interface ItemProps {
  question: string;
  answer: string;
  id: string;
}

function TooltipItem({
  question,
  answer,
  id,
  shown,
  above,
  onShow,
  onHide,
}: ItemProps & { shown: boolean; above: boolean; onShow: () => void; onHide: () => void }) {
  return (
    <li className="relative" onMouseEnter={onShow} onMouseLeave={onHide}>
      <button
        type="button"
        aria-describedby={id}
        onFocus={onShow}
        onBlur={onHide}
        onClick={onShow}
        onKeyDown={(event) => {
          if (event.key === "Escape" && shown) {
            event.stopPropagation();
            onHide();
          }
        }}
        className="w-full rounded-xl bg-white px-4 py-2.5 text-left text-sm font-semibold text-slate-900 ring-1 ring-slate-200 hover:ring-brand-600"
      >
        {question}
      </button>
      <div
        role="tooltip"
        id={id}
        hidden={!shown}
        className={`absolute inset-x-0 z-30 rounded-xl ${above ? "bottom-full mb-1" : "top-full mt-1"} bg-slate-900 px-4 py-3 text-sm text-white shadow-xl`}
      >
        {answer}
      </div>
    </li>
  );
}

function AccordionItem({
  question,
  answer,
  id,
  expanded,
  onToggle,
}: ItemProps & { expanded: boolean; onToggle: () => void }) {
  return (
    <li className="rounded-xl bg-white ring-1 ring-slate-200">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={onToggle}
        className="flex min-h-11 w-full items-center justify-between gap-3 px-4 py-3 text-left text-sm font-semibold text-slate-900"
      >
        {question}
        <span aria-hidden="true" className={`text-brand-700 transition-transform ${expanded ? "rotate-45" : ""}`}>
          +
        </span>
      </button>
      <div id={id} hidden={!expanded} className="px-4 pb-4 text-sm text-slate-700">
        {answer}
      </div>
    </li>
  );
}

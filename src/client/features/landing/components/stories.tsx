import { useState } from "react";
import { TESTIMONIAL_CARD_COUNTS, TESTIMONIAL_FLOAT_SECONDS } from "../../../../shared/constants.js";
import { TESTIMONIALS, type Testimonial } from "../content/testimonials.js";
import { useBrowserValue, usePrefersReducedMotion } from "../hooks/use-media-query.js";

const STATIC_COUNT = 6;
const SIZES = ["small", "medium", "large"] as const;
type Size = (typeof SIZES)[number];

const sizeClass: Record<Size, string> = {
  small: "p-3 text-sm md:p-4",
  medium: "p-4 text-sm md:p-5 md:text-base",
  large: "p-4 text-base md:p-6 md:text-lg",
};

const categoryLabel: Record<Testimonial["category"], string> = {
  mock: "Mock interview",
  workshop: "Workshop",
  internship: "Internship",
};

/** 14 cards below 768 px, 22 from 768, 28 from 1280, 32 from 1536 (docs/product.md, Landing page). */
function cardCountFor(width: number): number {
  return TESTIMONIAL_CARD_COUNTS.find((c) => width >= c.minWidth)?.count ?? 14;
}

function useCardCount(): number {
  return useBrowserValue(
    (onChange) => {
      window.addEventListener("resize", onChange);
      return () => window.removeEventListener("resize", onChange);
    },
    () => cardCountFor(window.innerWidth),
    cardCountFor(0),
  );
}

/** Spread over 11–19 s so neighbouring columns never move in step. */
function floatSeconds(column: number, columns: number): number {
  const { min, max } = TESTIMONIAL_FLOAT_SECONDS;
  return columns === 1 ? min : min + ((max - min) * column) / (columns - 1);
}

function Card({ testimonial, size }: { testimonial: Testimonial; size: Size }) {
  return (
    <figure className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${sizeClass[size]}`}>
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        {categoryLabel[testimonial.category]}
      </p>
      <blockquote className="mt-2 text-slate-800">“{testimonial.text}”</blockquote>
      <figcaption className="mt-3 text-sm">
        <span className="font-semibold text-slate-900">{testimonial.name}</span>
        <span className="block text-slate-600">{testimonial.role}</span>
      </figcaption>
    </figure>
  );
}

/** The testimonial wall (docs/product.md, Landing page): floating cards, or a still grid of the first 6 for reduced motion. */
export default function Stories() {
  const reducedMotion = usePrefersReducedMotion();
  const count = useCardCount();
  const [paused, setPaused] = useState(false);

  if (reducedMotion) {
    return (
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {TESTIMONIALS.slice(0, STATIC_COUNT).map((t) => (
          <li key={t.id}>
            <Card testimonial={t} size="medium" />
          </li>
        ))}
      </ul>
    );
  }

  const columns = count >= 28 ? 4 : count >= 22 ? 3 : 2;
  const cards = TESTIMONIALS.slice(0, count).map((t, index) => ({ t, size: SIZES[index % SIZES.length] ?? "medium" }));
  const byColumn = Array.from({ length: columns }, (_, column) => cards.filter((_, i) => i % columns === column));

  return (
    <div>
      <div className="mb-3 flex justify-end">
        <button
          type="button"
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
          className="min-h-11 rounded-full border border-slate-400 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          {paused ? "Play stories" : "Pause stories"}
        </button>
      </div>
      <div
        data-paused={paused}
        className="landing-wall grid h-[62dvh] min-h-96 gap-4 overflow-hidden"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {byColumn.map((column, index) => (
          <div
            key={column[0]?.t.id ?? index}
            className="landing-wall-column"
            // One card passes by about every float period, so a card crosses the wall in 11–19 s.
            style={{ animationDuration: `${(floatSeconds(index, columns) * column.length) / 3}s` }}
          >
            <ul className="space-y-4 pb-4">
              {column.map(({ t, size }) => (
                <li key={t.id}>
                  <Card testimonial={t} size={size} />
                </li>
              ))}
            </ul>
            <ul aria-hidden="true" className="space-y-4 pb-4">
              {column.map(({ t, size }) => (
                <li key={t.id}>
                  <Card testimonial={t} size={size} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

import { useEffect, useRef } from "react";

const TONES = {
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-amber-300 bg-amber-50 text-amber-950",
} as const;

/**
 * The booking messages (docs/product.md, Booking flow): reservation errors, a hold that ended, a
 * seat taken while looking, a failed payment. Shown above the times, where the student is looking,
 * announced at once, and brought into view if the page has scrolled away.
 */
export function ErrorBox({ message, tone = "error" }: { message: string | undefined; tone?: keyof typeof TONES }) {
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!message || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < 64 || bottom > window.innerHeight) element.scrollIntoView({ block: "center" });
  }, [message]);
  if (!message) return null;
  return (
    <p ref={box} role="alert" className={`rounded-lg border px-4 py-3 text-sm font-medium ${TONES[tone]}`}>
      {message}
    </p>
  );
}

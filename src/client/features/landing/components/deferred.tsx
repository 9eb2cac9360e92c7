import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";

/**
 * Renders `children` (usually a lazy component) once its place comes within about a screen of
 * the viewport, so the first paint of `/` does not wait for content far below it. The
 * placeholder keeps the place's size, so nothing shifts when the content arrives.
 */
export function Deferred({
  children,
  placeholder,
  className = "",
}: {
  children: ReactNode;
  placeholder: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={ref} className={className}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}

import { useEffect } from "react";

/**
 * Stands in for a dialog while its code loads: Escape or a click anywhere cancels the opening,
 * as either would close the dialog once shown, so a quick "never mind" is not undone a moment later.
 */
export function PendingDialog({ onCancel }: { onCancel: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onCancel();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onCancel);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onCancel);
    };
  }, [onCancel]);
  return null;
}

import { type ReactNode, useEffect, useId, useRef } from "react";

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name; shown as the heading. */
  title: string;
  children: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, restores it on close and closes on
 * Escape; a click on the backdrop (outside the panel) closes it too.
 */
export function Dialog({ open, onClose, title, children, className = "" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The field the dialog is for gets the focus, not its close button (docs/product.md, Sign-in).
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is Escape, handled natively by <dialog>
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={`m-auto w-[min(100%-2rem,32rem)] rounded-2xl p-0 shadow-2xl backdrop:backdrop-blur-sm ${className}`}
    >
      <div className="p-6">
        <h2 id={titleId} className="pr-10 text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close dialog"
          className="absolute top-4 right-4 rounded-full p-2 text-slate-600 hover:bg-slate-100"
        >
          <span aria-hidden="true">✕</span>
        </button>
        {children}
      </div>
    </dialog>
  );
}

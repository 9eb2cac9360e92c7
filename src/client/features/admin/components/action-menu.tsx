import { useEffect, useId, useRef, useState } from "react";

export interface MenuAction {
  label: string;
  danger?: boolean;
  onSelect: () => void;
}

/**
 * A menu button named "<label> for <about>" (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item,
 * arrows move, Escape closes and returns focus, a click elsewhere closes it.
 */
const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
];

export function ActionMenu({ label, about, actions }: { label: string; about: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    itemsOf(menu.current)[0]?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutside);
    return () => document.removeEventListener("pointerdown", closeOnOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const move = (step: number) => {
    const all = itemsOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    all[(at + step + all.length) % all.length]?.focus();
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="min-h-11 rounded-lg px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        {label}
        <span className="sr-only"> for {about}</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={`${label} for ${about}`}
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key === "Escape") close();
            else if (event.key === "ArrowDown") move(1);
            else if (event.key === "ArrowUp") move(-1);
            else if (event.key === "Tab") setOpen(false);
            else return;
            event.preventDefault();
          }}
          className="absolute right-0 z-10 mt-1 flex w-36 flex-col rounded-lg border border-slate-300 bg-white p-1 shadow-lg"
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                action.onSelect();
              }}
              className={`rounded px-3 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 ${action.danger ? "text-red-800" : "text-slate-900"}`}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

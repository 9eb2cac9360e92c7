import { useEffect } from "react";

/** The room's keyboard shortcuts: Alt with a letter, matched by key position so any layout works. */
export const SHORTCUTS = {
  mute: { code: "KeyM", aria: "Alt+M", keys: "Alt + M", does: "Mute or unmute your microphone" },
  camera: { code: "KeyV", aria: "Alt+V", keys: "Alt + V", does: "Turn your camera off or on" },
  editor: { code: "KeyE", aria: "Alt+E", keys: "Alt + E", does: "Go to the code editor" },
  notes: { code: "KeyN", aria: "Alt+N", keys: "Alt + N", does: "Go to your notes (interviewer)" },
} as const;

export type ShortcutName = keyof typeof SHORTCUTS;

/** Runs the handler of a shortcut pressed anywhere on the page. */
export function useShortcuts(handlers: Partial<Record<ShortcutName, () => void>>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const name = (Object.keys(SHORTCUTS) as ShortcutName[]).find((n) => SHORTCUTS[n].code === event.code);
      const handler = name ? handlers[name] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [handlers]);
}

import { useQueryClient } from "@tanstack/react-query";
import { refreshLive, useLiveStream } from "../../../lib/live.js";
import { SLOTS_KEY } from "./get-week-slots.js";

type ConsoleTopic = "slots" | "workshops" | "internships";

const KEYS: Record<ConsoleTopic, readonly string[]> = {
  slots: SLOTS_KEY,
  workshops: ["admin", "workshops"],
  internships: ["admin", "internships"],
};

/**
 * Refetches one console list whenever what it shows changes (another admin's edit, a student's hold
 * or payment): the slot week view, the workshops or the internships.
 */
export function useConsoleStream(topic: ConsoleTopic): void {
  const queryClient = useQueryClient();
  const refresh = () => void refreshLive(queryClient, [KEYS[topic]]);
  useLiveStream(
    "/api/admin/slots/stream",
    (type) => {
      if (type === topic) refresh();
    },
    refresh,
  );
}

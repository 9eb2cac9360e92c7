import { useQueryClient } from "@tanstack/react-query";
import { useLiveStream } from "../../../lib/live.js";
import { SLOTS_KEY } from "./get-week-slots.js";

/** Refetches the week view whenever a slot or its seats change (another admin, a student's hold). */
export function useSlotStream(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SLOTS_KEY });
  useLiveStream("/api/admin/slots/stream", refresh, refresh);
}

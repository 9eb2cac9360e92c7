import { useQueryClient } from "@tanstack/react-query";
import { useLiveStream } from "../../../lib/live.js";
import { myWaitlistQuery } from "../../../shared/waitlist/get-my-waitlist.js";
import { dashboardQuery } from "./get-dashboard.js";
import { notificationsQuery } from "./get-notifications.js";

/** The signed-in user's own live events: a new notification usually means the dashboard changed too. */
export function useUserLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey });
    void queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey });
    void queryClient.invalidateQueries({ queryKey: myWaitlistQuery().queryKey });
  };
  useLiveStream(enabled ? "/api/me/stream" : null, refresh, refresh);
}

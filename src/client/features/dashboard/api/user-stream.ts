import { useQueryClient } from "@tanstack/react-query";
import { refreshLive, useLiveStream } from "../../../lib/live.js";
import { myWaitlistQuery } from "../../../shared/waitlist/get-my-waitlist.js";
import { dashboardQuery } from "./get-dashboard.js";
import { notificationsQuery } from "./get-notifications.js";

/** The signed-in user's own live events: a new notification usually means the dashboard changed too. */
export function useUserLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  const refresh = () =>
    void refreshLive(queryClient, [
      notificationsQuery().queryKey,
      dashboardQuery().queryKey,
      myWaitlistQuery().queryKey,
    ]);
  useLiveStream(enabled ? "/api/me/stream" : null, refresh, refresh);
}

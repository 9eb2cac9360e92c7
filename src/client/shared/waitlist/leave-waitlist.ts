import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.js";
import { myWaitlistQuery } from "./get-my-waitlist.js";

export const useLeaveWaitlist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => apiFetch(`/api/me/waitlist/${encodeURIComponent(entryId)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myWaitlistQuery().queryKey }),
  });
};

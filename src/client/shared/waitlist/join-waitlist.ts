import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { JoinWaitlistInput, WaitlistEntryDto } from "../../../shared/schemas/waitlist.js";
import { apiFetch } from "../../lib/api.js";
import { myWaitlistQuery } from "./get-my-waitlist.js";

export const useJoinWaitlist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinWaitlistInput) =>
      apiFetch<WaitlistEntryDto>("/api/waitlist", { method: "POST", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myWaitlistQuery().queryKey }),
  });
};

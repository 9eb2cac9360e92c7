import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContactReplyDto } from "../../../../shared/schemas/inbox.js";
import { apiFetch } from "../../../lib/api.js";
import { inboxQuery } from "./get-inbox.js";

export const replyToMessage = ({ id, message }: { id: string; message: string }) =>
  apiFetch<ContactReplyDto>(`/api/admin/messages/${encodeURIComponent(id)}/replies`, {
    method: "POST",
    body: { message },
  });

export function useReplyToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxQuery().queryKey }),
  });
}

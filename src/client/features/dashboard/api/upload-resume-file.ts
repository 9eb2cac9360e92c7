import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResumeFile } from "../../../../shared/schemas/recordings.js";
import { ApiError } from "../../../lib/api.js";
import { dashboardQuery } from "./get-dashboard.js";

/** Sends the PDF's bytes as they are (`application/pdf`); the server checks them and answers our error shape. */
export async function uploadResumeFile(file: File): Promise<ResumeFile> {
  const response = await fetch("/api/me/resume-file", {
    method: "PUT",
    headers: { "content-type": "application/pdf", accept: "application/json" },
    body: file,
    credentials: "same-origin",
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as { error?: { code: ApiError["code"]; message: string } } | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "INTERNAL",
      error?.message ?? "The resume could not be uploaded.",
    );
  }
  return data as ResumeFile;
}

export function useUploadResumeFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadResumeFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey }),
  });
}

import { QueryClientProvider } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import { createQueryClient } from "../../../lib/query-client.js";
import { SignInDialog } from "../../../shared/auth/sign-in-dialog.js";

// Loaded when the visitor asks to sign in: the dialog's reads and mutations bring their query client with them,
// so the landing page's own script has none (docs/decisions/0160-landing-from-html.md).
const queryClient = createQueryClient();

export default function SignInIsland(props: ComponentProps<typeof SignInDialog>) {
  return (
    <QueryClientProvider client={queryClient}>
      <SignInDialog {...props} />
    </QueryClientProvider>
  );
}

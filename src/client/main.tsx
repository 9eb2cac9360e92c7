import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// From react-router/dom: the provider that can apply a navigation at once (`flushSync`) when a control asks for it.
import { RouterProvider } from "react-router/dom";
import { router } from "./app/router.js";
import { createQueryClient } from "./lib/query-client.js";
import "./index.css";

const queryClient = createQueryClient();
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

import type { ContactMessageInput } from "../../../../shared/schemas/contact.js";
import { apiFetch } from "../../../lib/api.js";

export const sendContactMessage = (input: ContactMessageInput) =>
  apiFetch<{ received: true }>("/api/contact", { method: "POST", body: input });

import { z } from "zod";
import { isValidEmail } from "../email.js";
import { MESSAGES } from "../messages.js";

export const addAdminInputSchema = z.object({
  email: z
    .string()
    .trim()
    .refine(isValidEmail, { message: MESSAGES.invalidEmail })
    .transform((email) => email.toLowerCase()),
});
export type AddAdminForm = z.input<typeof addAdminInputSchema>;

export const adminSchema = z.object({
  email: z.string(),
  addedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDto = z.infer<typeof adminSchema>;

import { z } from "zod";

/**
 * The part of a Razorpay webhook event the app reads (docs/payments.md, Webhook checks). Razorpay
 * sends more (`entity`, `account_id`, `contains`, `created_at`, the order): all of it is accepted and
 * covered by the signature, which is computed over the raw bytes.
 */
export const razorpayWebhookEventSchema = z
  .looseObject({
    event: z.string().describe("payment.captured and order.paid confirm a booking; others are acknowledged"),
    payload: z.looseObject({
      payment: z
        .looseObject({
          entity: z.looseObject({
            id: z.string().describe("Razorpay's payment id, pay_…"),
            order_id: z.string().describe("The order the checkout created, order_…"),
            amount: z.number().int().describe("In paise; must equal the order's"),
            currency: z.string().describe("Must equal the order's (INR)"),
            method: z
              .string()
              .optional()
              .describe("How the student paid (card, upi, netbanking, wallet…), shown on the receipt"),
          }),
        })
        .optional(),
    }),
  })
  .describe("A Razorpay webhook event, signed over its raw bytes");

export type RazorpayWebhookEvent = z.infer<typeof razorpayWebhookEventSchema>;

/** Razorpay's headers on every delivery. */
export const razorpayWebhookHeadersSchema = z.object({
  "x-razorpay-signature": z.string().describe("HMAC-SHA256 of the raw body with the webhook secret, hex"),
  "x-razorpay-event-id": z.string().describe("The delivery's event id; a repeated id is acknowledged once"),
});

import { Readable } from "node:stream";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { invoicesPageQuerySchema, invoicesPageSchema, periodQuerySchema } from "../../../shared/schemas/invoices.js";
import { fileResponse, signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { exportDocumentsCsv } from "./csv.js";
import { documentFileName, renderDocument } from "./document-pdf.js";
import { findDocument, findOwnReceipt, listDocuments } from "./reading.js";

const idParams = z.object({ id: z.string().min(1) });

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/api/me/bookings/:id/receipt.pdf",
    {
      schema: {
        operationId: "downloadReceiptPdf",
        security: signedIn,
        response: {
          200: fileResponse("application/pdf", "The tax invoice or payment receipt as a PDF"),
          ...errorResponses(404),
        },
        tags: ["dashboard", "invoices"],
        summary: "Your booking's tax invoice (or payment receipt) as a PDF",
        params: idParams,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const doc = await findOwnReceipt(deps, user.id, request.params.id);
      const pdf = await renderDocument(deps, doc);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${documentFileName(doc)}"`)
        .header("cache-control", "private, no-store")
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    "/api/admin/invoices",
    {
      schema: {
        operationId: "listTaxDocuments",
        tags: ["admin", "invoices"],
        summary:
          "Invoices, receipts and credit notes issued in a period (platform-zone dates, both included), a page at a time",
        querystring: invoicesPageQuerySchema,
        response: { 200: invoicesPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      return listDocuments(deps, request.query);
    },
  );

  app.get(
    "/api/admin/invoices.csv",
    {
      schema: {
        operationId: "exportTaxDocumentsCsv",
        response: { 200: fileResponse("text/csv", "One line per document, for the accountant") },
        tags: ["admin", "invoices"],
        summary: "The period's documents as CSV for the accountant (credit notes negative)",
        querystring: periodQuerySchema,
      },
    },
    async (request, reply) => {
      const gzip = negotiate(request.headers["accept-encoding"] ?? "", ["gzip"]) === "gzip";
      const body = exportDocumentsCsv(deps, request.query, gzip ? "gzip" : "identity");
      const lines = deps.heavyReads.stream(request, () => body); // its lines wait for the file's turn (decision 0449)
      if (gzip) reply.header("content-encoding", "gzip");
      return (
        reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("vary", "accept-encoding")
          .header(
            "content-disposition",
            `attachment; filename="invoices-${request.query.from}-to-${request.query.to}.csv"`,
          )
          // A byte stream (not objects): what waits to be sent is bounded by the stream's 64 KB mark plus one chunk
          // (a day), whatever the period or the client's pace; a bad period was refused above, before any header.
          .send(Readable.from(lines, { objectMode: false }))
      );
    },
  );

  app.get(
    "/api/admin/invoices/:id/pdf",
    {
      schema: {
        operationId: "downloadTaxDocumentPdf",
        response: { 200: fileResponse("application/pdf", "The document as a PDF"), ...errorResponses(404) },
        tags: ["admin", "invoices"],
        summary: "One invoice, receipt or credit note as a PDF",
        params: idParams,
      },
    },
    async (request, reply) => {
      const { doc, original } = await findDocument(deps, request.params.id);
      const pdf = await renderDocument(deps, doc, original);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${documentFileName(doc)}"`)
        .send(Buffer.from(pdf));
    },
  );
};

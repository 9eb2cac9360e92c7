import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { CERTIFICATE_MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { publicCertificateSchema } from "../../../shared/schemas/certificates.js";
import { fileResponse } from "../../plugins/api-document.js";
import { adminOf } from "../admins/guard.js";
import { certificatePageHead, formatIssuedOn } from "./page.js";
import { renderCertificatePdf } from "./pdf.js";
import { renderPreviewPng } from "./preview-image.js";
import { findPublicCertificate, issueCertificate, revokeCertificateAsAdmin } from "./service.js";

const codeParams = z.object({ code: z.string().max(64) });
/** Codes carry 80 random bits; the limit only keeps scrapers from hammering the lookup. */
const lookupLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/api/certificates/:code",
    {
      config: lookupLimit,
      schema: {
        operationId: "getCertificate",
        tags: ["certificates"],
        summary: "Public check of a certificate: to whom, for what, when, and whether it was revoked",
        params: codeParams,
        response: { 200: publicCertificateSchema, ...errorResponses(404) },
      },
    },
    async (request) => findPublicCertificate(deps, request.params.code),
  );

  app.get(
    "/api/certificates/:code/pdf",
    {
      config: lookupLimit,
      schema: {
        operationId: "downloadCertificatePdf",
        response: { 200: fileResponse("application/pdf", "The certificate as a PDF"), ...errorResponses(404) },
        tags: ["certificates"],
        summary: "The certificate as a PDF (refused once revoked)",
        params: codeParams,
        produces: ["application/pdf"],
      },
    },
    async (request, reply) => {
      const certificate = await findPublicCertificate(deps, request.params.code);
      if (certificate.status === "revoked") throw new AppError("NOT_FOUND", CERTIFICATE_MESSAGES.revoked);
      const issuedOn = formatIssuedOn(certificate.issuedAt, deps.config.timeZone);
      const pdf = await renderCertificatePdf(
        certificate,
        `${deps.config.publicUrl}/certificates/${certificate.code}`,
        issuedOn,
      );
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="certificate-${certificate.code}.pdf"`)
        .header("cache-control", "private, max-age=300")
        .send(Buffer.from(pdf));
    },
  );

  await app.register(certificatePageRoutes);

  app.post(
    "/api/admin/bookings/:id/certificate",
    {
      schema: {
        operationId: "issueCertificate",
        tags: ["admin", "certificates"],
        summary: "Marks workshop attendance or internship completion and issues the certificate (idempotent)",
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({ certificate: publicCertificateSchema, created: z.boolean() }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return issueCertificate(deps, admin, request.params.id);
    },
  );

  app.post(
    "/api/admin/certificates/:code/revoke",
    {
      schema: {
        operationId: "revokeCertificate",
        tags: ["admin", "certificates"],
        summary: "Revokes a certificate; its public page then says so",
        params: codeParams,
        response: { 200: publicCertificateSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return revokeCertificateAsAdmin(deps, admin, request.params.code);
    },
  );
};

/** The public page with its link-preview tags, and the preview image those tags point at. */
const certificatePageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/certificates/:code/preview.png",
    { config: lookupLimit, schema: { hide: true, params: codeParams } },
    async (request, reply) => {
      const certificate = await findPublicCertificate(deps, request.params.code);
      return reply
        .type("image/png")
        .header("cache-control", "public, max-age=3600")
        .send(await renderPreviewPng(certificate));
    },
  );

  // The public page itself: the app's shell with the certificate's link-preview tags (or a not-found title).
  app.get(
    "/certificates/:code",
    { config: lookupLimit, schema: { hide: true, params: codeParams } },
    async (request, reply) => {
      if (!app.pages) return reply.callNotFound();
      const { found, head } = await certificatePageHead(deps, request.params.code);
      return reply
        .status(found ? 200 : 404)
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(app.pages.shellWithHead(head));
    },
  );
};

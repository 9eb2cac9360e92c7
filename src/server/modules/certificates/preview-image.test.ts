import { describe, expect, it } from "vitest";
import { DATA_RIGHTS_MESSAGES } from "../../../shared/messages.js";
import type { PublicCertificate } from "../../../shared/schemas/certificates.js";
import { previewSvg } from "./preview-image.js";

const certificate: PublicCertificate = {
  code: "CP-AAAA-BBBB-CCCC-DDDD",
  recipientName: "Zoya <Khan>",
  title: "Mobile App Internship",
  course: "internship",
  kind: "completion",
  details: "Mobile internship · 6 weeks · mentor Karthik Rao",
  issuedAt: "2026-11-20T10:00:00.000Z",
  status: "valid",
  revokedAt: null,
  holderRemoved: false,
  linkedInUrl: null,
};

describe("certificate preview image", () => {
  it("shows the holder, the course and what it certifies, escaped", () => {
    const svg = previewSvg(certificate);
    expect(svg).toContain("Zoya &lt;Khan&gt;");
    expect(svg).toContain("Internship certificate of completion");
    expect(svg).toContain("Mobile App Internship");
    expect(svg).toContain("mentor Karthik Rao");
    expect(svg).not.toContain("<Khan>");
  });

  it("names an erased holder nowhere", () => {
    const svg = previewSvg({ ...certificate, recipientName: "", holderRemoved: true });
    expect(svg).toContain(DATA_RIGHTS_MESSAGES.erasedHolder.replaceAll("'", "&#39;"));
    expect(svg).not.toContain("Zoya");
  });
});

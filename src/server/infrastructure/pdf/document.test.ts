import { describe, expect, it } from "vitest";
import type { TaxDocumentsTable } from "../../db/schema.js";
import { renderCertificatePdf } from "../../modules/certificates/pdf.js";
import { renderTaxDocumentPdf } from "../../modules/invoices/pdf.js";
import { pdfText } from "../../test/pdf.js";
import { scriptRuns } from "./fonts.js";

/** A name in each script our students write in, as they would type it. */
const NAMES = {
  latin: "Zoë D'Souza",
  devanagari: "अर्जुन मेहता",
  tamil: "கார்த்திக் சுப்பிரமணியம்",
  bengali: "সৌমিত্র চট্টোপাধ্যায়",
  telugu: "శ్రీనివాస్ రెడ్డి",
};

const squash = (text: string) => text.replace(/\s+/g, " ");

describe("PDFs in Indian scripts", () => {
  for (const [script, name] of Object.entries(NAMES)) {
    it(`prints a ${script} name on a certificate so that it reads back as typed`, async () => {
      const pdf = await renderCertificatePdf(
        {
          code: "CP-AAAA-BBBB-CCCC-DDDD",
          course: "workshop",
          kind: "attendance",
          details: null,
          linkedInUrl: null,
          recipientName: name,
          title: "Resume workshop",
          issuedAt: "2026-11-20T10:00:00.000Z",
          status: "valid",
          revokedAt: null,
          holderRemoved: false,
        },
        "https://careerprep.example/certificates/CP-AAAA-BBBB-CCCC-DDDD",
        "20 November 2026",
      );
      const text = squash(pdfText(pdf));
      expect(text).toContain(name);
      expect(text).toContain("This certifies that");
      expect(text).not.toContain("?");
    });
  }

  it("prints a mixed-script buyer name on an invoice", async () => {
    const buyer = `${NAMES.tamil} (${NAMES.latin})`;
    const document: TaxDocumentsTable = {
      id: "doc-1",
      type: "receipt",
      financial_year: "2026-27",
      booking_id: "booking-1",
      payment_id: "payment-1",
      original_id: null,
      issued_at: "2026-11-20T10:00:00.000Z",
      buyer_user_id: "user-1",
      number: "CP/26-27/00007",
      supplier_name: "CareerPrep",
      supplier_address: "12 MG Road, Bengaluru",
      supplier_gstin: null,
      buyer_name: buyer,
      buyer_email: "karthik@example.com",
      buyer_state: null,
      place_of_supply: null,
      description: "Mock interview",
      sac: "999293",
      list_price_paise: 120000,
      discount_paise: 0,
      taxable_paise: 120000,
      cgst_paise: 0,
      sgst_paise: 0,
      igst_paise: 0,
      total_paise: 120000,
    };
    const pdf = await renderTaxDocumentPdf(document, {
      issuedOn: "20 Nov 2026",
      originalNumber: null,
      originalIssuedOn: null,
      paymentMethod: "UPI via Razorpay",
      transactionRef: "pay_29QQoUBi66xm2f",
      refundRef: null,
    });
    const text = squash(pdfText(pdf));
    expect(text).toContain(buyer);
    expect(text).toMatch(/Total paid INR 1,200\.00/);
    expect(text).toMatch(/Payment method UPI via Razorpay/);
    expect(text).toMatch(/Transaction reference pay_29QQoUBi66xm2f/);
  });

  it("splits text into runs of one script, keeping spaces and punctuation with their run", () => {
    expect(scriptRuns(`${NAMES.devanagari} (Arjun)`)).toEqual([
      { script: "devanagari", text: `${NAMES.devanagari} (` },
      { script: "latin", text: "Arjun)" },
    ]);
  });
});

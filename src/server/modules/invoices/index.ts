/** What other modules use of invoices: documents issued inside their transactions, the receipt mailed, the CSV's days kept. */

export { keepCsvDays } from "./csv.js";
export { receiptAttachment } from "./document-pdf.js";
export { formatDocumentNumber, issueCreditNote, issueInvoice } from "./issuing.js";

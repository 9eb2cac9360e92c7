/** What other modules use of invoices: documents issued inside their transactions, and the receipt mailed. */
export { receiptAttachment } from "./document-pdf.js";
export { formatDocumentNumber, issueCreditNote, issueInvoice } from "./issuing.js";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** "base64" for binary content such as a PDF. */
  encoding?: "base64";
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

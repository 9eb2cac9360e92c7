import { CONTACT_RESPONSE_HOURS, LEGAL_LAST_UPDATED } from "../../../../shared/constants.js";
import { DATA_RIGHTS_MESSAGES } from "../../../../shared/messages.js";

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalPart {
  heading: string;
  sections: readonly LegalSection[];
}

export const LEGAL_LAST_UPDATED_TEXT = `Last updated: ${LEGAL_LAST_UPDATED}`;

const COMPANY = "CareerPrep, Bengaluru, Karnataka, India";

/** Privacy policy and terms (docs/product.md, Landing page), written for this product and for Indian law. */
export const LEGAL: readonly LegalPart[] = [
  {
    heading: "Privacy Policy",
    sections: [
      {
        heading: "Who we are",
        paragraphs: [
          `This policy explains how ${COMPANY} ("CareerPrep", "we", "us") handles personal data when you use this website and its services: mock interviews, workshops and internships. We process personal data in line with the Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000 and the rules made under them.`,
        ],
      },
      {
        heading: "Data we collect",
        paragraphs: [
          "Account data: your name, e-mail address and, if you sign in with Google, your profile picture. Profile data you enter during onboarding: first and last name, qualification, study status and a verified phone number.",
          "Booking data: the sessions you book, reschedule or cancel, their times, your scorecards, interviewer notes, session recordings when a session is recorded, and certificates you earn. Payment data: the amount, status and reference numbers from our payment provider, Razorpay. We never see or store your full card number, UPI PIN or bank password.",
          "Messages you send us through the contact form, and basic technical data (IP address, browser type, pages requested) kept in server logs to run and protect the service.",
          "Practice data: the practice questions you mark done or save, and the time of your timed practice rounds.",
          "We use this data only to provide the services you ask for, to send you confirmations, reminders and feedback, to handle payments and refunds, to answer your messages and to keep the platform secure. We do not sell personal data and we do not use it for third-party advertising.",
          "News that cannot wait (a seat offered from the waitlist, the reminder an hour before a session, a session moved or cancelled by us) also goes to your verified phone by SMS, and by WhatsApp if you turn it on; you choose in the Profile tab of your dashboard. Our SMS and WhatsApp providers receive your phone number and the message, nothing else.",
        ],
      },
      {
        heading: "Session recordings",
        paragraphs: [
          'A mock interview is recorded only when the interviewer asks in the room and you allow it; if you decline, nothing is recorded and the session goes on as usual. While recording runs, both screens show a "Recording" badge. Each of you records your own camera and microphone in your own browser, and the recording is uploaded to our storage during the session. Either of you can stop recording at any time, for both of you. Anyone who can watch the replay may add captions to it; nothing is transcribed automatically.',
          "You, your interviewer and our admins can watch the replay; nobody else can. You can delete the replay at any time from its page, and it is deleted with your account. Otherwise recordings are deleted automatically 90 days after the session. Your data export lists them with links to download them.",
        ],
      },
      {
        heading: "Cookies",
        paragraphs: [
          "We use one strictly necessary, http-only cookie that keeps you signed in until you log out, and your browser's local storage to remember the e-mail address you asked a sign-in link for, so the link can be completed. We use no advertising or tracking cookies. Razorpay may set its own cookies on its checkout page to process a payment securely.",
        ],
      },
      {
        heading: "Managing and deleting your data",
        paragraphs: [
          "You can view and correct your profile in Account Settings, the Profile tab of your dashboard. Your bookings, scorecards and certificates are listed on the dashboard too.",
          `To receive a copy of your data or to delete your account, use the Your data panel in the Profile tab of your dashboard; to withdraw consent or for anything else, write to us through the contact form on this page from the e-mail address of your account. We act on such requests within 30 days. Payment records are kept for as long as Indian tax and accounting law requires, even after the account is deleted. ${DATA_RIGHTS_MESSAGES.taxDocumentsKept}`,
          `Our Grievance Officer can be reached the same way; we acknowledge every complaint within ${CONTACT_RESPONSE_HOURS} hours. If you are not satisfied with our answer, you may approach the Data Protection Board of India.`,
        ],
      },
      {
        heading: "Security",
        paragraphs: [
          "All traffic is encrypted in transit. Sign-in uses single-use links that expire after 10 minutes or your Google account, so we store no passwords. Sessions can be ended at any time by logging out. Access to personal data is limited to the staff who need it to run your sessions, and every change made by our staff is recorded in an audit log.",
          "No system is perfectly secure. If a breach affects your personal data, we will inform you and the Data Protection Board of India as the law requires.",
        ],
      },
      {
        heading: "Changes to this policy",
        paragraphs: [
          "We may update this policy when our services or the law change. The date at the top shows the latest version; for significant changes we will also tell signed-in users by e-mail before they take effect.",
        ],
      },
    ],
  },
  {
    heading: "Terms and Conditions",
    sections: [
      {
        heading: "Definitions",
        paragraphs: [
          `"Platform" means this website and its services. "Student", "you" and "your" mean the person using the Platform. "Session" means a booked mock interview, workshop or internship. "Professional" means an interviewer, mentor or instructor who conducts a Session on the Platform. By using the Platform you accept these terms.`,
        ],
      },
      {
        heading: "Cookies",
        paragraphs: [
          "By using the Platform you agree to the use of the strictly necessary cookie described in the Privacy Policy. The Platform cannot keep you signed in without it.",
        ],
      },
      {
        heading: "Bookings and non-circumvention",
        paragraphs: [
          "Sessions must be booked and paid for through the Platform. You agree not to arrange paid sessions directly with a Professional you met through the Platform, or to ask them to do so, for twelve months after your last Session with them. Recording a Session yourself or sharing its join link with others is not allowed.",
        ],
      },
      {
        heading: "Fees, cancellations and refunds",
        paragraphs: [
          "Prices are shown in Indian rupees on the Platform before you pay, and the amount charged is the price shown at checkout. A seat is confirmed only when the payment is confirmed.",
          "You may reschedule a mock interview, or cancel a booking for a full refund, up to 12 hours before it starts. A Session you miss without cancelling is not refunded. If we cancel a Session, or a payment arrives after your seat was released, we refund the full amount to the original payment method.",
        ],
      },
      {
        heading: "Hyperlinking to our content",
        paragraphs: [
          "You may link to our home page or to a certificate page, provided the link is not misleading, does not falsely imply sponsorship or endorsement by CareerPrep, and fits the context of the linking site. We may ask you to remove any link to the Platform, and you agree to do so promptly.",
        ],
      },
      {
        heading: "Iframes",
        paragraphs: [
          "You may not show the Platform or any part of it inside a frame on another website, or otherwise alter its appearance, without our prior written permission.",
        ],
      },
      {
        heading: "Reservation of rights",
        paragraphs: [
          "The Platform, its content, design, question banks, workshop material and trademarks belong to CareerPrep or its licensors. You may use them for your own preparation only; you may not copy, resell or publish them. Your own resume, projects and answers remain yours. We may change or withdraw any part of the Platform, and these terms, at any time.",
        ],
      },
      {
        heading: "Disclaimer",
        paragraphs: [
          "Sessions are for practice and learning. Feedback and scores reflect one Professional's view of one Session and are not a prediction of any employer's decision. We do not guarantee a job, an internship offer or a placement. To the extent the law allows, our liability for any claim is limited to the amount you paid for the Session concerned.",
        ],
      },
      {
        heading: "Governing law",
        paragraphs: [
          "These terms are governed by the laws of India. The courts at Bengaluru, Karnataka have exclusive jurisdiction over any dispute arising from them or from the use of the Platform.",
        ],
      },
      {
        heading: "Entire agreement",
        paragraphs: [
          "These terms and the Privacy Policy are the entire agreement between you and CareerPrep about the Platform and replace any earlier understanding. If a provision is found unenforceable, the rest remains in effect.",
        ],
      },
      {
        heading: "Contact",
        paragraphs: [
          `Questions about these terms or your data: write to us through the contact form on this page. We reply within ${CONTACT_RESPONSE_HOURS} hours. ${COMPANY}.`,
        ],
      },
    ],
  },
];

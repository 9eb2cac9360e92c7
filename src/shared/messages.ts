import { UNAVAILABLE_REASON_MAX } from "./constants.js";

/** The exact user-facing texts the product promises (docs/product.md). Never reword these. */
export const MESSAGES = {
  signInButton: "Sign In / Up",
  dashboardButton: "Dashboard",
  sending: "Sending…",
  magicLinkSent: (email: string) => `Magic link sent to ${email}! Check Inbox/Spam and open the link on this device.`,
  invalidEmail: "Enter a valid email address",
  linkSendFailedFallback: "Could not send link. Try again.",
  confirmEmailPrompt: "Confirm your email for sign-in",
  notAuthorized: "Not authorized. Your email is not in the admins list.",
  useDifferentAccount: "Use a different account",
  googleSignInFailed: "Google sign-in failed",
  sessionPersists: "You stay signed in on this device until you log out.",

  slotHeld: "This slot is currently held by another user.",
  reserveFailed: "Could not reserve slot. Please try again.",
  signInToReserve: "Please sign in again to reserve a slot.",
  selectSlotFirst: "Please select a slot first.",
  holdExpired: "Your slot hold expired. Please reselect the slot.",
  slotsLoadFailedTitle: "Couldn't load slots",
  slotsLoadFailedDefault: "Failed to load slots",
  slotsTryAgain: "Try again",
  noUpcomingSlots: "No upcoming slots for this plan. Try another plan or check back later.",
  loadingInternship: "Loading upcoming internship…",

  paymentRequired: "Please complete the payment before finishing your profile.",
  userNotAuthenticated: "User not authenticated.",
  profileSaveFailed: "Something went wrong while saving your data. Please try again.",
  bookingStatusFailed: "Failed to get booking status",

  slotInterviewerRequired: "Please select an interviewer.",
  slotDateTimesRequired: "Please fill date & times, and ensure the selected interviewer has at least one company type.",
  slotInPast: "Cannot create a slot in the past. Pick today or a future date.",
  slotEndTooSoon: "Slot end time must be at least 5 minutes in the future.",
  slotEndBeforeStart: "End time must be after start time.",
  deleteSlotConfirm: "Delete this slot?",

  interviewerNameEmailRequired: "Name and email are required.",
  interviewerPhoneRequired: "Phone number is required.",
  interviewerQualificationRequired: "Qualification is required.",
  interviewerReviewedByRequired: "Reviewed By is required.",
  interviewerCompanyTypeRequired: "Select at least one company type.",
  deleteInterviewerConfirm: "Delete this interviewer?",

  packageNotAvailable: "This package is not available right now.",
  alreadyBooked: "You already have a seat in this session.",
  paymentInProgress:
    "Your payment for this session is still open. If you closed the payment window, try again in a few minutes.",
  paymentStartFailed: "Could not start the payment. Please try again.",
  paymentSignatureInvalid: "The payment could not be verified.",
  paymentConfirmed: "Payment received. Your seat is confirmed.",
  paymentLateRefunded:
    "Your payment arrived after the seat was released and someone else took it. We are refunding it in full.",
  paymentFailed: "The payment did not go through. Your seat has been released.",
  otpRateLimited: "Please wait a little before asking for another code.",
  otpInvalid: "That code is not right. Check the SMS and try again.",
  otpExpired: "That code has expired or was already used. Send a new one.",
  otpTooManyAttempts: "Too many wrong codes. Send a new one.",
  otpSendFailed: "We could not send the code just now. Please try again in a minute.",
  phoneNotVerified: "Verify your phone number with the code we sent before finishing.",
  contactSent: "Message sent!",
  contactSendAnother: "Send another message",
  legalLink: "Terms, Privacy Policy, and Legal Information",
  finishButton: "Finish and Go to Dashboard",
} as const;

/** Dashboard, reschedule, scorecard and certificate texts (docs/product.md, Dashboard; After the session). */
export const DASHBOARD_MESSAGES = {
  rescheduleWindow:
    "Sessions can be rescheduled or cancelled up to 12 hours before they start. This one starts in less than 12 hours.",
  rescheduleSameSlot: "Pick a different slot from the one you already have.",
  rescheduleSlotGone: "That slot is no longer available. Please pick another one.",
  rescheduleNotAllowed: "Only confirmed mock interviews can be rescheduled.",
  cancelNotAllowed: "Only confirmed bookings can be cancelled.",
  bookingNotFound: "We could not find that booking.",
  pickSlot: "Pick a new slot.",
  cancelReasonTooLong: "Keep the reason under 500 characters.",
  resumeUrlInvalid: "Enter a full link to your resume, starting with https://",
  alreadyCancelled: "This session is already cancelled.",
  sessionStarted: "This session has already started. Mark its bookings completed or no-show instead.",
  sessionNotFound: "We could not find that session.",
} as const;

export const SCORECARD_MESSAGES = {
  scoreRange: "Scores are whole numbers from 1 to 5.",
  missingAreas: (areas: string) => `Score every area of this package: ${areas}.`,
  tagTooLong: "Tags can be at most 30 characters.",
  tooManyTags: "Use at most 8 tags.",
  notesTooLong: "Notes can be at most 4000 characters.",
  recordingUrlInvalid: "Enter a full recording link starting with https://",
  mockOnly: "Scorecards are for mock interviews.",
  notStarted: "This session has not started yet.",
  notAttended: "This booking was cancelled or marked as a no-show, so it cannot get a scorecard.",
  outcomeNotAllowed: "Only a confirmed, completed or no-show booking can be marked.",
  noShowHasScorecard: "This booking has a scorecard, so it cannot be marked as a no-show.",
} as const;

export const CERTIFICATE_MESSAGES = {
  notFound: "No certificate has this code. Check the code and try again.",
  revoked: "This certificate was revoked.",
  /** The public page's headings, also its title for link previews (the server writes them into its HTML). */
  pageNotFound: "Certificate not found",
  pageRevoked: "Revoked",
  pageVerified: "Verified certificate",
  revokedNotice: (recipientName: string | undefined, title: string) =>
    `This certificate was issued${recipientName ? ` to ${recipientName}` : ""} for ${title} and has been revoked. It is no longer valid.`,
  kindNotCertified: "Certificates are for workshops and internships.",
  notEligible: "Only a confirmed or completed booking can earn a certificate.",
  notStarted: "This workshop or internship has not started yet.",
  batchNotEnded: (endDate: string) =>
    `This internship batch ends on ${endDate}; its certificates can be issued from then.`,
} as const;

/** Contact form and landing page texts (docs/product.md, Landing page). */
export const CONTACT_MESSAGES = {
  nameRequired: "Enter your name.",
  nameTooLong: "Keep your name under 100 characters.",
  emailRequired: "Enter your email address.",
  emailTooLong: "Keep your email address under 254 characters.",
  subjectRequired: "Enter a subject.",
  subjectTooLong: "Keep the subject under 150 characters.",
  messageRequired: "Enter your message.",
  messageTooLong: "Keep your message under 5000 characters.",
  rateLimited: (after: string) => `You have sent several messages in a short time. Please try again in ${after}.`,
  sendFailed: "Your message could not be sent.",
  typedTextKept: "What you typed is still here, so you can send it again.",
  signInLinkFailed: "That sign-in link has expired or was already used. Request a new one.",
} as const;

/** Admin console texts (docs/product.md, Admin console); the slot, interviewer and sign-in texts are in MESSAGES. */
export const ADMIN_MESSAGES = {
  adminSessionExpired: "Your admin session has ended (admin sign-ins last 12 hours). Please sign in again.",
  recentSignInRequired: "For this change, please sign in again: it needs a sign-in from the last 10 minutes.",
  signInAgain: "Sign in again",
  fieldTooLong: "Keep each field under 200 characters.",
  interviewerPhoneDigits: "Enter a phone number with at least 10 digits.",
  duplicatePhone: (who: { name: string; email: string; phone: string }) =>
    `An interviewer with this phone already exists: ${who.name} (${who.email}, ${who.phone}).`,
  overwriteQuestion: "Overwrite their details with the ones you entered?",
  overwriteHasBookings: (name: string, count: number) =>
    `${name} has ${count} upcoming ${count === 1 ? "booking" : "bookings"}, so the add form cannot overwrite them. Edit that interviewer instead.`,
  interviewerGone: "That interviewer no longer exists.",

  meetingLinkInvalid: "Enter a full meeting link starting with https://",
  capacityAtLeastOne: "Capacity must be at least 1.",
  slotOverlaps: (interviewer: string, when: string) =>
    `${interviewer} already has a slot at ${when}. Pick a time that does not overlap it.`,
  workshopOverlaps: (interviewer: string, title: string, when: string) =>
    `${interviewer} already hosts the workshop “${title}” at ${when}. Pick a time that does not overlap it.`,
  hostRequired: "Pick a host from the interviewers, or no host.",
  capacityBelowPaid: (paid: number) =>
    `${paid} ${paid === 1 ? "student has" : "students have"} paid for a seat here, so the capacity cannot be less than ${paid}.`,
  cancelledNotEditable: "This session was cancelled, so it can no longer be changed.",
  slotGone: "That slot no longer exists.",
  slotHasBookings: "This slot has confirmed bookings. Cancel it instead of deleting it.",
  paymentUnderWay: "A student is paying for a seat here right now. Try again in a few minutes.",

  workshopTitleRequired: "Enter the workshop's title.",
  workshopDateTimesRequired: "Please fill the date and the start and end times.",
  workshopInPast: "Cannot create a workshop in the past. Pick today or a future date.",
  workshopEndTooSoon: "Workshop end time must be at least 5 minutes in the future.",
  workshopGone: "That workshop no longer exists.",
  workshopHasBookings: "This workshop has confirmed bookings. Cancel it instead of deleting it.",
  deleteWorkshopConfirm: "Delete this workshop?",

  internshipMentorRequired: "Enter the mentor's name.",
  internshipStartDateRequired: "Pick a start date.",
  internshipWeeksRequired: "An internship needs at least 1 week.",
  internshipWeekPlansMismatch: "Give every week a plan entry.",
  internshipGone: "That internship no longer exists.",
  internshipHasBookings: "Students have enrolled in this internship, so it cannot be deleted.",
  deleteInternshipConfirm: "Delete this internship?",

  priceWhole: "Enter the price in whole rupees.",
  topicLabelRequired: "Enter a name of 2 to 60 characters.",
  topicExists: "A topic or track with this name already exists.",
  topicNotFound: "We could not find that topic or track.",
  topicInUse:
    "Sessions, batches or bookings use this topic or track, so it stays. Rename it, or make it unavailable instead.",
  packageNotFound: "We could not find that package, topic or track.",
  pricePositive: "The price must be more than ₹0.",
  priceTooHigh: "The price can be at most ₹10,00,000.",
  unavailableReasonTooLong: `Keep the reason to one line of at most ${UNAVAILABLE_REASON_MAX} characters.`,

  messageGone: "That message no longer exists.",
  replyEmpty: "Write a reply before sending it.",
  interviewerDomainRequired: "Select at least one domain.",
  replyTooLong: (max: number) => `Keep the reply to at most ${max.toLocaleString("en-IN")} characters.`,

  alreadyAdmin: (email: string) => `${email} is already an admin.`,
  notAnAdmin: (email: string) => `${email} is not an admin.`,
  lastAdmin: "The last admin cannot be removed. Add another admin first.",
  removeAdminConfirm: (email: string) => `Remove ${email} from the admins?`,
} as const;

/** The browser's own errors: no answer, no connection, a page that could not load (docs/product.md, Network and deploys). */
export const NETWORK_MESSAGES = {
  requestTimedOut: "Request time out",
  connectionFailed: "Connection failed.",
  serverStatus: (status: number) => `Server responded with status ${status}`,
  paymentWindowFailed: "Could not load the payment window. Check your connection and try again.",
  newVersionTitle: "A new version is available",
  newVersionBody: "We updated CareerPrep since you opened it. Reload to get the latest version.",
  pageLoadFailedTitle: "This page could not load",
  connectionProblemTitle: "Connection problem",
  pageLoadFailedBody: "Your connection may be slow or offline. Reload to try again.",
  errorStatusTitle: (status: number) => `Error ${status}`,
  somethingWentWrongTitle: "Something went wrong",
  somethingWentWrongBody: "Reload the page to try again. If it keeps happening, contact us from the home page.",
} as const;

/** The API's own answers: limits, unreadable requests, missing routes, failures (docs/product.md, API). */
export const API_MESSAGES = {
  rateLimited: (after: string) => `Too many requests. Please try again in ${after}.`,
  signInLinksPerAddress: (after: string) =>
    `Several sign-in links were sent to this address already. Please use the latest one or try again in ${after}.`,
  invalidRequest: "Invalid request.",
  tooLarge: "The request is too large.",
  unsupportedContentType: "Unsupported content type.",
  unreadable: "The request could not be read.",
  pathNotPlain:
    'The address is not in its plain form (a "." or ".." segment, an encoded dot, a repeated slash or a backslash). Ask for the plain address.',
  internal: "Something went wrong on our side. Please try again.",
  /** Never read by anyone: the client had gone when a heavy read's turn came (infrastructure/heavy-reads.ts). */
  clientLeft: "The request was closed before its turn came.",
  noRoute: (method: string, url: string) => `No route for ${method} ${url}.`,
  signInRequired: "Please sign in to continue.",
  tooManyStreams: "Too many live connections are open. Close a few tabs and try again.",
  crossSite: "This request did not come from CareerPrep's own pages, so it was refused.",
  databaseUnreachable: "The database is not reachable.",
  liveChannelDown: "The live update channel is down; reconnecting.",
  notSaved: (what: "admin" | "slot" | "internship" | "workshop") => `The ${what} was not saved.`,
  notificationNotFound: "That notification does not exist.",
  metricsTokenRequired: "A valid metrics token is required.",
  slotNotFound: "That slot is not listed.",
  slotDateInvalid: "date must be a calendar day written YYYY-MM-DD, e.g. 2026-11-25.",
  slotDateTooFar: (days: number, last: string) =>
    `date is beyond the ${days} days slots are listed by day; the last day listed is ${last}.`,
} as const;

/** Holds, checkouts and payment callbacks (docs/product.md, Holds; Payment). */
export const PAYMENT_MESSAGES = {
  slotNotForPlan: "This slot is not offered for the selected plan.",
  slotNotForDomain: "This slot's interviewer does not cover the domain you picked. Choose another time.",
  domainOnlyForMocks: "A domain can be picked for a mock interview only.",
  noPaymentStarted: "No payment was started for this order.",
  testCheckoutOff: "The test-mode checkout is off on this server.",
  webhookSignatureInvalid: "Invalid webhook signature.",
  webhookNotJson: "The webhook body is not JSON.",
  checkoutReplaced: "You started a newer checkout, so this one can no longer be paid.",
  goToLiveCheckout: "Go to your current checkout",
  goToBookings: "See your bookings",
  paymentReplacedRefunded:
    "This checkout had been replaced by a newer one, so this payment booked nothing. We are refunding it in full.",
  paymentDuplicateRefunded: "You already have a seat in this session, so this extra payment is being refunded in full.",
  paymentCouponSpentRefunded:
    "Your checkout had closed, and its coupon was used up by other students before this payment arrived, so it booked nothing. We are refunding it in full.",
} as const;

/** Text that reaches documents, mail and calendars holds only what a reader sees (docs/security.md, Input and sign-in). */
export const TEXT_MESSAGES = {
  hiddenInLine:
    "Use only visible characters on one line: no line breaks, direction marks, zero-width or control characters.",
  hiddenInParagraph: "Use only visible characters: no direction marks, zero-width or control characters.",
} as const;

/** When a form check names no field. */
export const FORM_MESSAGES = {
  checkTheForm: "Check the form and try again.",
} as const;

/** The profile form's field messages (docs/product.md, Profile). */
export const PROFILE_MESSAGES = {
  phoneFormat: "Enter the phone number with its country code, like +91 98765 43210.",
  otpCodeFormat: "Enter the 6-digit code.",
  firstNameRequired: "First name is required.",
  lastNameRequired: "Last name is required.",
  qualificationRequired: "Qualification is required.",
  statusRequired: "Choose your status.",
  stateRequired: "Choose your state.",
} as const;

/** Coupon texts: the console's coupon form and the checkout's coupon box (docs/admin.md, Coupons). */
export const COUPON_MESSAGES = {
  codeFormat: "Use 3 to 32 letters, digits, dashes or underscores for the code.",
  discountRequired: "Give either a percentage off or an amount off, not both.",
  percentRange: "The percentage off is a whole number from 1 to 100.",
  amountPositive: "The amount off must be a whole number of paise above 0.",
  maxRedemptionsPositive: "The redemption limit must be a whole number above 0.",
  dateInvalid: "Enter the date and time as an ISO instant, e.g. 2026-12-01T00:00:00+05:30.",
  validRange: "The coupon must end after it starts.",
  codeTaken: (code: string) => `A coupon with the code ${code} already exists.`,
  /** Unknown, inactive, not yet valid and expired codes get this one answer, so guessing learns nothing. */
  notValid: "This coupon code is not valid.",
  notForPackage: "This coupon does not apply to this package.",
  usedUp: "This coupon has been fully used.",
  gone: "That coupon no longer exists.",
} as const;

/** Invoice, receipt and credit note texts (docs/admin.md, Tax invoices). */
export const INVOICE_MESSAGES = {
  notFound: "There is no invoice or receipt for this booking yet.",
  periodInvalid: "Give the period as two dates, YYYY-MM-DD.",
  periodOrder: "The period must end on or after the day it starts.",
  periodTooLong: "Choose a period of at most 366 days.",
} as const;

/** The booking journey: order summary, confirmation, holds, cut-off, notify-me (docs/product.md, Booking flow). */
export const JOURNEY_MESSAGES = {
  bookingClosed: "Booking has closed for this session: it starts in less than 2 hours. Please pick a later time.",
  paymentFailedSeatKept:
    "The payment did not go through. Your seat is still held for you: retry before the timer ends.",
  heldForYou: "Held for you",
  seatTakenWhileLooking:
    "Someone else just took the last seat at the time you were looking at. Please pick another time.",
  orderSummaryTitle: "Order summary",
  confirmationTitle: "You're booked!",
  addedToCalendar: "Added to your calendar: we e-mailed you the invite.",
  notifyMeButton: "Tell me when it opens",
  notifyMeDone: "We'll e-mail you when it opens.",
  notAvailableWhy: "Interviewers for this plan are not taking bookings right now.",
  codeSentTo: (phone: string) => `Code sent to ${phone}`,
  resendIn: (seconds: number) => `Resend code in ${seconds} s`,
  certificateNeedsName: "Add the student's first and last name to their profile before issuing a certificate.",
  nextAvailable: (when: string) => `Next available: ${when}`,
  noneAvailable: "No upcoming times",
} as const;

/** The interviewer's workspace (docs/product.md, Interviewers). */
export const INTERVIEWER_MESSAGES = {
  notInterviewer:
    "This workspace is for CareerPrep interviewers. Sign in with the e-mail address the CareerPrep team has on record for you.",
  sessionNotFound: "That session is not one of yours.",
  calendarNotFound: "This calendar link is no longer valid. Copy the current one from your workspace.",
} as const;

/** Waitlist texts (docs/product.md, Waitlist). */
export const WAITLIST_MESSAGES = {
  join: "Join the waitlist",
  joining: "Joining…",
  leave: "Leave the waitlist",
  full: "Full",
  fullTimes: "Full times: join the waitlist and we hold a freed seat for you",
  joined: "You are on the waitlist. If a seat frees up, we hold it for you and tell you by e-mail.",
  place: (position: number) => `You are number ${position} in line.`,
  offered: "A seat is held for you",
  offerCountdown: "Pay before the hold runs out, or the seat goes to the next person in line.",
  goToCheckout: "Go to checkout",
  alreadyInLine: "You are already on the waitlist for this session.",
  seatsOpen: "Seats are still open in this session: book one instead.",
  notOpen: "This session is no longer open for booking.",
  notForPlan: "This slot does not offer the plan you chose.",
  offerGone: "This seat offer has lapsed or was already used.",
  entryNotFound: "We could not find that waitlist entry.",
  dashboardTitle: "Waitlists",
  dashboardEmpty: "You are not on any waitlist.",
  adminTitle: "Waitlists",
  adminEmpty: "Nobody is waiting for a seat.",
} as const;

/** Internship track texts (docs/product.md, Internships). */
export const INTERNSHIP_MESSAGES = {
  chooseTrack: "Choose a track",
  chooseBatch: "Choose a batch",
  noBatch:
    "No batch of this track is open for enrolment right now. New batches are announced every few weeks; check back soon.",
  loadFailed: "We could not load the internships. Please try again in a moment.",
} as const;

/** The student's data rights: export and deletion (docs/product.md, Your data). */
export const DATA_RIGHTS_MESSAGES = {
  confirmMismatch: "Type your e-mail address exactly as shown to confirm.",
  adminCannotErase: "Admins cannot delete their account here. Ask another admin to remove you as an admin first.",
  erasedHolder: "The holder of this certificate has removed their personal data from CareerPrep.",
  cancelReason: "Account deleted",
  taxDocumentsKept:
    "Tax invoices and credit notes already issued to you are kept exactly as issued, with your name and e-mail address on them, because GST law requires it; after deletion only CareerPrep's staff can open them.",
} as const;

/** The practice question bank (docs/product.md, Dashboard; docs/decisions/0330-claims-from-data.md). */
export const PRACTICE_MESSAGES = {
  domainInvalid: "Choose a domain: sde, pm, analytics or uiux.",
  companyTypeInvalid: "Choose a company type: service, product or maang.",
  topicRequired: "Topic is required (at most 60 characters).",
  difficultyInvalid: "Choose a difficulty: easy, medium or hard.",
  promptRequired: "Question is required (at most 1000 characters).",
  answerTooLong: "The model answer can have at most 4000 characters.",
  hintsInvalid: "At most 8 hints of at most 300 characters each.",
  answerOrHints: "Give a model answer or at least one hint.",
  duplicate: "This question is already in the bank for this domain.",
  duplicateInFile: "This question appears earlier in the file.",
  notFound: "We could not find that question.",
  roundNotFound: "We could not find that practice round.",
  csvEmpty: "The file has no questions.",
  csvHeader: `The first line must name the columns: domain, company_type, topic, difficulty, question, model_answer, hints.`,
  csvUnreadable: "The file is not valid CSV.",
  csvTooLong: "A file can have at most 2000 questions; split it into smaller files.",
  csvNeedsText: "Send the file as text/csv.",
  importedNothing: "Nothing was imported: fix the lines below, or import only the valid lines.",
  noQuestions: "No questions match these filters yet.",
  loadFailed: "We could not load the questions. Please try again.",
} as const;

/** The interview room as other pages link to it (the room's own texts: room-messages.ts). */
export const ROOM_LINK_MESSAGES = {
  join: "Join",
  backupLink: "Having trouble? Use the backup link",
  opensBefore: (beforeMinutes: number, afterMinutes: number) =>
    `The room opens ${beforeMinutes} minutes before the start and stays open ${afterMinutes} minutes after the end.`,
  finalCode: "Code from the session",
  noCode: "No code was written in this session.",
} as const;

/** Lists read a page at a time (docs/api.md, Pagination). */
export const PAGINATION_MESSAGES = {
  badCursor: "This page of the list is no longer valid. Reload the list and try again.",
  loadMore: "Load more",
  loadingMore: "Loading more…",
} as const;

/** The internship programme and workshop capstones (docs/product.md, Internship programme). */
export const PROGRAMME_MESSAGES = {
  applicationTitle: "Your application",
  collegeRequired: "Enter your college.",
  yearRequired: "Choose your year of study.",
  graduationInvalid: "Enter the year you graduate, e.g. 2027.",
  whyRequired: "Tell us in one line why you are applying.",
  whyTooLong: "Keep it to one line (at most 200 characters).",
  linkInvalid: "Enter a link that starts with https:// or http://.",
  applicationRequired: "Fill in the application form before booking this internship.",
  applicationBeforeWaitlist: "Fill in the application form before joining this internship's waitlist.",
  applicationBeforeOffer: "Fill in the application form to take the seat held for you.",
  fullBatch:
    "This batch is full. Apply and join the waitlist: if a seat frees up, we hold it for you and tell you by e-mail.",
  applyAndJoin: "Apply and join the waitlist",
  applyAndTakeSeat: "Apply and take the seat",
  enrolmentNotFound: "We could not find that internship enrolment.",
  batchCancelled: "This batch was cancelled.",
  noMentorYet: "Your mentor is being assigned. You will see them here shortly.",
  mentorNotFound: "That mentor does not mentor this track.",
  weekNotFound: "This internship has no such week.",
  awaitingReview:
    "This week's submission is waiting for review. You can submit again once the mentor asks for changes.",
  alreadyApproved: "This week is already approved.",
  noteTooLong: "Keep the note under 2,000 characters.",
  standupRequired: "Fill in what you did and what is next.",
  callTaken: "That time is no longer free. Please choose another.",
  callNotOffered: "Choose one of the offered times.",
  callAlreadyBooked: "Your onboarding call is already booked.",
  submissionNotFound: "We could not find that submission.",
  notReviewer: "Only the student's mentor, the workshop's host or an admin can review this submission.",
  alreadyReviewed: "This submission was already reviewed.",
  commentRequired: "Say what should change.",
  noCapstone: "This workshop has no capstone.",
  capstoneClosed: "The capstone deadline has passed.",
  capstoneNotStarted: "The capstone opens when the workshop starts.",
  demoDayInvalid: "Demo day must end after it starts, within 6 hours, on or after the batch's last week begins.",
  demoDayNotScheduled: "Demo day has not been scheduled yet.",
  demoDayNotStarted: "Attendance can be marked once demo day has started.",
  capstoneInvalid: "A capstone needs a brief and a deadline after the workshop starts.",
  notMentor: "This interviewer is not a mentor.",
  standupReminderSubject: "Your weekly standup is missing",
  cursorInvalid: "This page link is not one the list gave. Start again from the first page.",
} as const;

/** The landing page when its prices cannot be read (docs/product.md, Network and deploys). */
export const CATALOG_LOAD_MESSAGES = {
  failed: "Prices could not load right now.",
  tryAgain: "Try again",
  lastKnown: "Last known price",
  unavailable: "Price unavailable",
} as const;

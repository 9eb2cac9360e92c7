/** The spec's exact user-facing strings (spec §4, §5, §8). Never reword these. */
export const MESSAGES = {
  signInButton: "Sign In / Up",
  dashboardButton: "Dashboard",
  sending: "Sending…",
  magicLinkSent: (email: string) =>
    `Magic link sent to ${email}! Check Inbox/Spam and open the link on this device.`,
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
  noUpcomingSlots: "No upcoming slots for this plan. Try another plan or check back later.",
  loadingInternship: "Loading upcoming internship…",

  paymentRequired: "Please complete the payment before finishing your profile.",
  userNotAuthenticated: "User not authenticated.",
  profileSaveFailed: "Something went wrong while saving your data. Please try again.",
  bookingStatusFailed: "Failed to get booking status",

  slotInterviewerRequired: "Please select an interviewer.",
  slotDateTimesRequired:
    "Please fill date & times, and ensure the selected interviewer has at least one company type.",
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

  contactSent: "Message sent!",
  contactSendAnother: "Send another message",
  legalLink: "Terms, Privacy Policy, and Legal Information",
  finishButton: "Finish and Go to Dashboard",
} as const;

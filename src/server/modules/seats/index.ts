// What other modules may read of this one's data (docs/architecture.md, Modules); they never import its repository.
export {
  bookingKeepsSeat,
  countPaidBookings,
  countSeatsTaken,
  hasPaidBookings,
  internshipOpenForBooking,
  openFlag,
  seatsTakenAt,
  slotOpenForBooking,
  workshopOpenForBooking,
} from "./repository.js";

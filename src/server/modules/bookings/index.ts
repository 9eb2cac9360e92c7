// What other modules may read of this one's data (docs/architecture.md, Modules); they never import its repository.
export {
  expireStalePendingBookings,
  findBookingById,
  findOpenCheckout,
  findReplacingCheckout,
  hasPaidBooking,
  hasSeatOrLiveCheckout,
  insertBooking,
  lockBookingById,
  lockStudent,
  supersedeAllUnpaidCheckouts,
  supersedeUnpaidCheckouts,
  updateBooking,
} from "./repository.js";

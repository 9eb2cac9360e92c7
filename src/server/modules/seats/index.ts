// What other modules may read of this one's data (docs/architecture.md, Modules); they never import its repository.
export { countPaidBookings, countSeatsTaken, hasPaidBookings, SEAT_KEEPING_STATUSES } from "./repository.js";

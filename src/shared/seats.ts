/**
 * Whether a session shows "Full" (and its waitlist button, where the session is on sale): no seat
 * left, and the seat on screen is not the student's own. Every booking tab asks this one question.
 * `ownSeat`: the student holds or has just chosen this session, so the count already includes them.
 */
export function isFull(seatsLeft: number, ownSeat = false): boolean {
  return seatsLeft <= 0 && !ownSeat;
}

// What other modules may read of this one's data (docs/architecture.md, Modules); they never import its repository.
export {
  deleteExpiredHolds,
  deleteHoldRow,
  findActiveHoldsByUser,
  findHoldById,
  findHoldOfKind,
  hasLiveHold,
  insertHoldUnlessHolding,
  lockHoldById,
  replaceHoldOfKind,
} from "./repository.js";
export { onSeatFreed } from "./seat-freed.js";
export type { BookableTarget } from "./targets-repository.js";
export { findTargetForUpdate } from "./targets-repository.js";

// What other modules may read of this one's data (docs/architecture.md, Modules); they never import its repository.
export { closeLine, LIVE_STATUSES } from "./repository.js";

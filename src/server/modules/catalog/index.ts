// What other modules may read of this one's data (docs/architecture.md, Modules); they never import its repository.

export type { CatalogItem } from "./repository.js";
export { findCatalog, findCatalogItem, updateCatalogItem } from "./repository.js";

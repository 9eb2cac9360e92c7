// What other modules may read of this one's data (docs/architecture.md, Modules); they never import its repository.
export {
  findCatalog,
  findCatalogEntry,
  findCatalogItem,
  findCatalogLabel,
  findCatalogLabels,
} from "./repository.js";

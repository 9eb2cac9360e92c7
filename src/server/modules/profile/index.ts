// What other modules may read of this one's data (docs/architecture.md, Modules); they never import its repository.
export { findProfile, findResumeUrl, findUserContact } from "./repository.js";
export { deleteResumeFilesOf } from "./resume-file-service.js";

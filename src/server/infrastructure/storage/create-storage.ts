import type { Config } from "../../config.js";
import { createDiskStorage } from "./disk-storage.js";
import { createS3Storage } from "./s3-storage.js";
import type { FileStorage } from "./storage.js";

/** A presigned address lives long enough to start playing and seeking, not to be passed around. */
const PRESIGNED_URL_SECONDS = 15 * 60;

export function createStorage(config: Config): FileStorage {
  const { s3 } = config.storage;
  if (s3) return createS3Storage({ ...s3, urlSeconds: PRESIGNED_URL_SECONDS });
  return createDiskStorage(config.storage.dir);
}

import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DataStore } from "@tus/utils";
import type { AppDeps } from "../../app-deps.js";

/** S3's smallest multipart part: bytes below it wait in the bucket as the upload's `.part` object. */
const S3_PART_BYTES = 5 * 1024 * 1024;

/**
 * Where uploads in progress live: the storage's own place, so any instance can take the next
 * PATCH (decision 0410). On disk, `STORAGE_DIR/uploads`; on S3, the bucket itself (`@tus/s3-store`:
 * a multipart upload per recording, its `.info` and `.part` objects beside it).
 */
export interface UploadStaging {
  readonly datastore: DataStore;
  /** Lends the finished upload as a local file (to check and measure it), then tidies up. */
  withLocalFile<T>(uploadId: string, use: (filePath: string) => Promise<T>): Promise<T>;
  /** Removes every trace of an upload, finished or not. */
  remove(uploadId: string): Promise<void>;
}

const stagings = new WeakMap<AppDeps, Promise<UploadStaging>>();

/**
 * The app's one upload staging (its tus datastore keeps per-upload state, so one per app), made with
 * the first upload: the tus stores, and on S3 the AWS SDK they bring, are loaded then, not with the
 * server (docs/decisions/0447-recordings-loaded-with-the-first-upload.md).
 */
export function uploadStagingOf(deps: AppDeps): Promise<UploadStaging> {
  let staging = stagings.get(deps);
  if (!staging) {
    staging = createUploadStaging(deps);
    stagings.set(deps, staging);
  }
  return staging;
}

async function createUploadStaging(deps: AppDeps): Promise<UploadStaging> {
  const { s3 } = deps.config.storage;
  if (!s3) return diskStaging(path.resolve(deps.config.storage.dir, "uploads"));
  const { S3Store } = await import("@tus/s3-store");
  const datastore = new S3Store({
    partSize: S3_PART_BYTES,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: Boolean(s3.endpoint),
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    },
  });
  return {
    datastore,
    async withLocalFile(uploadId, use) {
      const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "recording-"));
      const filePath = path.join(dir, "upload.webm");
      try {
        await pipeline(await deps.storage.read(uploadId), fs.createWriteStream(filePath));
        return await use(filePath);
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    },
    async remove(uploadId) {
      // An unfinished multipart upload is aborted first; a finished one has nothing to abort.
      await datastore.remove(uploadId).catch(() => undefined);
      for (const key of [uploadId, `${uploadId}.info`, `${uploadId}.part`]) await deps.storage.remove(key);
    },
  };
}

async function diskStaging(directory: string): Promise<UploadStaging> {
  const { FileStore } = await import("@tus/file-store");
  await fsp.mkdir(directory, { recursive: true });
  return {
    datastore: new FileStore({ directory }),
    withLocalFile: (uploadId, use) => use(path.join(directory, uploadId)),
    async remove(uploadId) {
      await fsp.rm(path.join(directory, uploadId), { force: true });
      await fsp.rm(path.join(directory, `${uploadId}.json`), { force: true });
    },
  };
}

/**
 * Ends an upload whose sender is gone (a reloaded page) at what arrived: its length becomes its
 * offset, and an empty last write lets the store complete it (S3: the waiting `.part` goes in last).
 */
export async function closeUploadAsItIs(staging: UploadStaging, uploadId: string): Promise<number> {
  const upload = await staging.datastore.getUpload(uploadId);
  const offset = upload.offset;
  if (upload.sizeIsDeferred) await staging.datastore.declareUploadLength(uploadId, offset);
  await staging.datastore.write(Readable.from([]), uploadId, offset);
  return offset;
}

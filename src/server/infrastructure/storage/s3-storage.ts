import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { ByteRange, FileStorage } from "./storage.js";

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** How long a presigned address stays valid. */
  urlSeconds: number;
}

/** Any S3-compatible bucket, through the AWS SDK v3; path-style addressing when an endpoint is given. */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    // Plain signed bodies: many S3-compatible stores do not decode the SDK's default aws-chunked checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    async putFile(key, sourcePath, contentType) {
      const { size } = await fsp.stat(sourcePath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: fs.createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async sizeOf(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength;
      } catch (err) {
        if (err instanceof NotFound || (err as { name?: string }).name === "NotFound") return undefined;
        throw err;
      }
    },
    async read(key: string, range?: ByteRange): Promise<Readable> {
      const answer = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return answer.Body as Readable;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    directUrl(key, contentType) {
      const command = new GetObjectCommand({ Bucket, Key: key, ResponseContentType: contentType });
      return getSignedUrl(client, command, { expiresIn: settings.urlSeconds });
    },
  };
}

import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
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

/**
 * The AWS SDK is loaded with the first file operation, not with the server: it is 0.8 MB of source and
 * several megabytes of objects once evaluated, and a server that keeps files on disk never needs it
 * (docs/decisions/0447-recordings-loaded-with-the-first-upload.md, as nodemailer and pdfkit in 0220).
 */
const loadSdk = () =>
  Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/s3-request-presigner")]).then(([s3, presigner]) => ({
    ...s3,
    getSignedUrl: presigner.getSignedUrl,
  }));

/** Any S3-compatible bucket, through the AWS SDK v3; path-style addressing when an endpoint is given. */
export function createS3Storage(settings: S3Settings): FileStorage {
  let connected: Promise<{ sdk: Awaited<ReturnType<typeof loadSdk>>; client: S3Client }> | undefined;
  const connect = () => {
    connected ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: Boolean(settings.endpoint),
        // Plain signed bodies: many S3-compatible stores do not decode the SDK's default aws-chunked checksums.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    }));
    return connected;
  };
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    async putFile(key, sourcePath, contentType) {
      const [{ size }, { sdk, client }] = await Promise.all([fsp.stat(sourcePath), connect()]);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: fs.createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async sizeOf(key) {
      const { sdk, client } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength;
      } catch (err) {
        if (err instanceof sdk.NotFound || (err as { name?: string }).name === "NotFound") return undefined;
        throw err;
      }
    },
    async read(key: string, range?: ByteRange): Promise<Readable> {
      const { sdk, client } = await connect();
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return answer.Body as Readable;
    },
    async remove(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async directUrl(key, contentType) {
      const { sdk, client } = await connect();
      const command = new sdk.GetObjectCommand({ Bucket, Key: key, ResponseContentType: contentType });
      return sdk.getSignedUrl(client, command, { expiresIn: settings.urlSeconds });
    },
  };
}

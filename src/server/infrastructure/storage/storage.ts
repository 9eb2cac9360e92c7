import type { Readable } from "node:stream";

/** Bytes `start` to `end`, both included (HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where files live (recordings, resumes): a folder on disk, or an S3-compatible bucket shared by
 * several instances (docs/operations.md, Files). Keys are ours (`recordings/<booking>/<part>.webm`).
 */
export interface FileStorage {
  readonly kind: "disk" | "s3";
  /** Stores a finished local file under `key`. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** The stored size in bytes, or undefined when there is no such file. */
  sizeOf(key: string): Promise<number | undefined>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** A short-lived address a browser may read the file from directly, where the back end has one. */
  directUrl(key: string, contentType: string): Promise<string | undefined>;
}

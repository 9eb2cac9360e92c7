import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { ByteRange, FileStorage } from "./storage.js";

/** Files in a folder (`STORAGE_DIR`): the embedded default, backed up by `npm run backup`. */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key outside the folder: ${key}`);
    return full;
  };
  return {
    kind: "disk",
    async putFile(key, sourcePath) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.copyFile(sourcePath, target);
    },
    async sizeOf(key) {
      const stat = await fsp.stat(pathOf(key)).catch(() => undefined);
      return stat?.isFile() ? stat.size : undefined;
    },
    async read(key: string, range?: ByteRange): Promise<Readable> {
      return fs.createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async directUrl() {
      return undefined;
    },
  };
}

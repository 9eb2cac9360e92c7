import type { FileHandle } from "node:fs/promises";

/** A WebM file starts with an EBML header (its magic number) whose DocType is "webm". */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const IDS = {
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  cluster: 0x1f43b675,
  clusterTimecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

/** Elements whose children are read in place; every other element is skipped by its size. */
const ENTERED = new Set<number>([IDS.segment, IDS.info, IDS.cluster, IDS.blockGroup]);

interface ElementHead {
  id: number;
  /** Undefined for the "unknown size" a live recorder writes for its segment and clusters. */
  size: number | undefined;
  headLength: number;
}

export function startsLikeEbml(firstBytes: Buffer): boolean {
  return firstBytes.subarray(0, 4).equals(EBML_MAGIC);
}

function readVint(buffer: Buffer, offset: number, keepMarker: boolean): { value: number; length: number } | undefined {
  const first = buffer[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (offset + length > buffer.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buffer[offset + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

function parseHead(buffer: Buffer): ElementHead | undefined {
  const id = readVint(buffer, 0, true);
  if (!id) return undefined;
  const size = readVint(buffer, id.length, false);
  if (!size) return undefined;
  return { id: id.value, size: size.value === -1 ? undefined : size.value, headLength: id.length + size.length };
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

function readUnsigned(buffer: Buffer): number {
  let value = 0;
  for (const byte of buffer) value = value * 256 + byte;
  return value;
}

export interface WebmFacts {
  durationSeconds: number;
}

/**
 * Checks that a file is WebM by its content and measures it. A browser's MediaRecorder writes no
 * duration (it cannot know it while recording), so the length is the latest block's time: each
 * cluster's timecode plus its blocks' 16-bit offsets, in the segment's timecode scale.
 * Reads element heads in place, a few bytes each, so a long recording never sits in memory.
 */
export async function readWebm(file: FileHandle, fileSize: number): Promise<WebmFacts | undefined> {
  const header = await readAt(file, 0, 64);
  const ebml = parseHead(header);
  if (!startsLikeEbml(header) || !ebml?.size) return undefined;
  const headerBody = await readAt(file, ebml.headLength, ebml.size);
  if (!headerBody.includes(Buffer.from("webm"))) return undefined;

  let position = ebml.headLength + ebml.size;
  let scaleNs = 1_000_000;
  let declaredSeconds: number | undefined;
  let clusterTicks = 0;
  let latestTicks = 0;
  while (position < fileSize) {
    const head = parseHead(await readAt(file, position, 12));
    if (!head) break;
    const bodyAt = position + head.headLength;
    if (ENTERED.has(head.id)) {
      position = bodyAt;
      continue;
    }
    const size = head.size ?? fileSize - bodyAt;
    if (head.id === IDS.timecodeScale) scaleNs = readUnsigned(await readAt(file, bodyAt, size));
    if (head.id === IDS.duration) declaredSeconds = readFloat(await readAt(file, bodyAt, size));
    if (head.id === IDS.clusterTimecode) clusterTicks = readUnsigned(await readAt(file, bodyAt, size));
    if (head.id === IDS.simpleBlock || head.id === IDS.block) {
      const block = await readAt(file, bodyAt, 12);
      const track = readVint(block, 0, false);
      if (track && block.length >= track.length + 2) {
        latestTicks = Math.max(latestTicks, clusterTicks + block.readInt16BE(track.length));
      }
    }
    position = bodyAt + size;
  }
  const measured = (latestTicks * scaleNs) / 1e9;
  const seconds = declaredSeconds !== undefined ? (declaredSeconds * scaleNs) / 1e9 : measured;
  return { durationSeconds: Math.max(seconds, measured) };
}

function readFloat(buffer: Buffer): number | undefined {
  if (buffer.length === 4) return buffer.readFloatBE(0);
  if (buffer.length === 8) return buffer.readDoubleBE(0);
  return undefined;
}

import { constants, crc32, deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * Text compressed once, kept, and later sent inside one gzip response with other such pieces,
 * never unpacked on the way (docs/decisions/0431-csv-days-sent-compressed.md).
 *
 * Each segment is raw DEFLATE ended by a sync flush: its blocks stop on a byte boundary without a
 * final block, and it refers to nothing before it, so segments placed one after another are one
 * valid DEFLATE stream (RFC 1951, 3.2.3). A gzip member (RFC 1952) wraps that stream with a
 * header and a trailer holding the CRC-32 and length of the whole text, computed from each
 * segment's own CRC-32 and length without the text.
 */
export interface DeflateSegment {
  deflated: Uint8Array;
  /** CRC-32 of the text, as an unsigned 32-bit number. */
  crc32: number;
  /** Length of the text in bytes. */
  bytes: number;
}

/**
 * `level`: zlib's default (6) for what is kept and sent many times; 1 for what is sent once
 * (about three times faster, a few percent larger).
 */
export function deflateSegment(text: string | Uint8Array, level = constants.Z_DEFAULT_COMPRESSION): DeflateSegment {
  const raw = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  return {
    deflated: deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH, level }),
    crc32: crc32(raw),
    bytes: raw.byteLength,
  };
}

/** The text a segment holds (for a client that takes no gzip). */
export function inflateSegment(segment: Pick<DeflateSegment, "deflated">): Buffer {
  return inflateRawSync(segment.deflated, { finishFlush: constants.Z_SYNC_FLUSH });
}

/** Multiplies a 32×32 matrix over GF(2) (32 columns of bits) by a vector of bits. */
function times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i] ?? 0;
  return sum >>> 0;
}

function square(matrix: Uint32Array): Uint32Array {
  const result: Uint32Array = new Uint32Array(32);
  for (let n = 0; n < 32; n++) result[n] = times(matrix, matrix[n] ?? 0);
  return result;
}

/**
 * CRC-32 of A followed by B from CRC-32(A), CRC-32(B) and B's length: zlib's `crc32_combine`
 * (its crc32.c), which Node does not expose. Feeding `bytes` zero bytes to the CRC register is a
 * linear map; it is built by squaring the one-zero-bit operator, in O(log bytes) steps.
 */
export function combineCrc32(first: number, second: number, bytes: number): number {
  if (bytes <= 0) return first >>> 0;
  let odd: Uint32Array = new Uint32Array(32);
  odd[0] = 0xedb88320; // the CRC-32 polynomial, reflected: the operator for one zero bit
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row >>> 0;
  let even = square(odd); // two zero bits
  odd = square(even); // four zero bits
  let crc = first >>> 0;
  let remaining = bytes;
  do {
    // The first pass applies eight zero bits (one zero byte), each next one twice as many.
    even = square(odd);
    if (remaining & 1) crc = times(even, crc);
    remaining = Math.floor(remaining / 2);
    if (remaining === 0) break;
    odd = square(even);
    if (remaining & 1) crc = times(odd, crc);
    remaining = Math.floor(remaining / 2);
  } while (remaining !== 0);
  return (crc ^ second) >>> 0;
}

/** gzip's header: DEFLATE, no name, no time, any system (RFC 1952, 2.3). */
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff);
/** An empty final block with fixed codes: ends the DEFLATE stream. */
const FINAL_BLOCK = Uint8Array.of(0x03, 0x00);

/**
 * Segments as one gzip member, as they come: yields the header, each segment's bytes, then the end.
 * The whole text never exists here; memory is one segment at a time.
 */
export async function* gzipOfSegments(segments: AsyncIterable<DeflateSegment>): AsyncGenerator<Uint8Array> {
  yield GZIP_HEADER;
  let crc = 0;
  let bytes = 0;
  for await (const segment of segments) {
    if (segment.bytes === 0) continue;
    crc = combineCrc32(crc, segment.crc32, segment.bytes);
    bytes += segment.bytes;
    yield segment.deflated;
  }
  const trailer = Buffer.alloc(10);
  trailer.set(FINAL_BLOCK, 0);
  trailer.writeUInt32LE(crc >>> 0, 2);
  trailer.writeUInt32LE(bytes % 2 ** 32, 6);
  yield trailer;
}

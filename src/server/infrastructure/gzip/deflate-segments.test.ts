import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  combineCrc32,
  type DeflateSegment,
  deflateSegment,
  gzipOfSegments,
  inflateSegment,
} from "./deflate-segments.js";

async function* each(segments: DeflateSegment[]) {
  yield* segments;
}

async function gzipOf(segments: DeflateSegment[]): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of gzipOfSegments(each(segments))) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe("deflate segments", () => {
  it("combines two CRC-32s into the CRC-32 of the joined text", () => {
    const cases = [
      ["", "abc"],
      ["abc", ""],
      ["Tax invoice,CPI/25-26/00001\r\n", "Credit note,CPC/25-26/00001\r\n"],
      ["é₹".repeat(1000), "x".repeat(70_001)],
    ];
    for (const [a = "", b = ""] of cases) {
      const joined = crc32(Buffer.from(a + b));
      expect(combineCrc32(crc32(a), crc32(b), Buffer.byteLength(b))).toBe(joined);
    }
  });

  it("sends kept segments as one gzip stream any reader unpacks to the joined text", async () => {
    const days = ["Type,Number\r\n", "Tax invoice,CPI/1\r\n".repeat(5000), "", "Credit note,CPC/1,₹\r\n"];
    const body = await gzipOf(days.map((day) => deflateSegment(day)));
    expect(gunzipSync(body).toString("utf8")).toBe(days.join(""));
    // One member: a reader that stops after the first member (as browsers do) still reads it all.
    expect(body.subarray(2).includes(Buffer.of(0x1f, 0x8b, 0x08))).toBe(false);
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(days.join("")) / 10);
  });

  it("an empty text is an empty gzip stream, and a segment unpacks alone", async () => {
    expect(gunzipSync(await gzipOf([])).byteLength).toBe(0);
    expect(inflateSegment(deflateSegment("a,b\r\n")).toString("utf8")).toBe("a,b\r\n");
  });
});

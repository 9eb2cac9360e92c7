import zlib from "node:zlib";
import { expect, it } from "vitest";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

type Listing = { slots: { id: string; seatsLeft: number }[] };

describeEachDialect("the slots list, compressed for browsers that accept it", (t) => {
  it("sends the same list in Brotli, in gzip and as is, and a seat change reaches each", async () => {
    const { db } = t().app.deps;
    const slots = await Promise.all(Array.from({ length: 30 }, () => buildSlot(db, { capacity: 2 })));
    const list = (acceptEncoding?: string) =>
      t().request({
        url: "/api/slots?package=service",
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });

    const plain = await list();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const asIs = json<Listing>(plain);
    expect(asIs.slots.map((s) => s.id)).toEqual(expect.arrayContaining(slots.map((s) => s.id)));

    const br = await list("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(asIs);

    const gzip = await list("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(asIs);

    // A hold empties the cached copies too (on PostgreSQL when its event comes back from NOTIFY):
    // the compressed list shows the seat taken.
    const cookie = await t().signIn("compressed-list@example.com");
    const held = slots[0]?.id ?? "";
    const hold = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie,
      payload: { kind: "mock", targetId: held },
    });
    expect(hold.statusCode).toBe(201);
    const seatsLeft = async () => {
      const after = JSON.parse(zlib.brotliDecompressSync((await list("br")).rawPayload).toString()) as Listing;
      return after.slots.find((s) => s.id === held)?.seatsLeft;
    };
    await expect.poll(seatsLeft, { timeout: 900, interval: 20 }).toBe(1);
  });
});

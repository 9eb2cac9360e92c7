import { describe, expect, it } from "vitest";
import { catalogLabeler } from "./catalog-label.js";

describe("naming a package, topic or track", () => {
  const label = catalogLabeler([
    { key: "ws_cloud_workshop", label: "Cloud workshop" },
    { key: "int_product", label: "Product management internship" },
    { key: "service", label: null },
  ]);

  it("takes the admin's label first, even over a built-in name", () => {
    expect(label("ws_cloud_workshop")).toBe("Cloud workshop");
    expect(label("int_product")).toBe("Product management internship");
  });

  it("falls back to the built-in name for a key without a label, and to the key for one nobody offers", () => {
    expect(label("service")).toBe("Service-based");
    expect(label("ws_dsa")).toBe("DSA workshop");
    expect(label("ws_gone")).toBe("ws_gone");
    expect(catalogLabeler()("maang")).toBe("MAANG");
  });
});

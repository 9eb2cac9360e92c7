import { describe, expect, it } from "vitest";
import { everyColumn, ofTable } from "./columns.js";

interface Table {
  id: string;
  name: string;
  created_at: string;
}

describe("every column, named", () => {
  it("returns the list as given, and its columns prefixed with the table for a join", () => {
    const columns = everyColumn<Table>()(["id", "name", "created_at"]);
    expect(columns).toEqual(["id", "name", "created_at"]);
    expect(ofTable("things", columns)).toEqual(["things.id", "things.name", "things.created_at"]);
  });

  it("does not compile with a column of the table left out (checked by the typecheck)", () => {
    // @ts-expect-error "created_at" is missing: a column added to the table's type must be read too.
    const columns = everyColumn<Table>()(["id", "name"]);
    expect(columns).toHaveLength(2);
  });
});

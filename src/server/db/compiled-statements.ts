import { type Compilable, CompiledQuery, PostgresAdapter, type RawBuilder, type SqlBool, sql } from "kysely";
import { type Dialect, type Executor, prepareOnPostgres } from "./database.js";

type Slot = { from: string } | { value: unknown };

/**
 * Compiles a hot statement once per shape. Kysely builds and compiles a query on every call; for
 * a statement as large as the hold's (docs/decisions/0200-hold-and-release-one-round-trip.md) that
 * costs more server CPU than the rest of the request. The first call of a shape builds it with a
 * unique stand-in for each varying value; later calls reuse its SQL and put their values where
 * the stand-ins were in the parameter list. Whatever changes the SQL itself (a branch in the
 * builder on a value) must be part of the shape, the dialect first of all, and such a value must not be a stand-in; a shape
 * where a stand-in ends up inside a longer text (a value spliced into a LIKE pattern, say) is never
 * reused, just compiled every time. PostgreSQL prepares each reused text once per connection
 * (`prepareOnPostgres`). A number is stood in for by text as well, so a builder must only
 * place its values, never compute with them.
 */
export function createStatementCache() {
  const templates = new Map<string, { sql: string; slots: Slot[] } | null>();

  const templateOf = (built: CompiledQuery, standIns: Map<string, string>) => {
    const slots: Slot[] = built.parameters.map((p) => {
      const from = typeof p === "string" ? standIns.get(p) : undefined;
      return from === undefined ? { value: p } : { from };
    });
    const spliced =
      built.sql.includes("\u0000") ||
      built.parameters.some((p) => typeof p === "string" && p.includes("\u0000") && !standIns.has(p));
    return spliced ? null : { sql: built.sql, slots };
  };

  return function compiled<V extends Record<string, string | number>, O>(
    shape: string,
    values: V,
    build: (values: V) => Compilable<O>,
  ): CompiledQuery<O> {
    let template = templates.get(shape);
    if (template === undefined) {
      const names = Object.keys(values);
      const standIns = names.map((_, i) => `\u0000${i}\u0000`);
      const built = build(Object.fromEntries(names.map((name, i) => [name, standIns[i]])) as V).compile();
      template = templateOf(built, new Map(names.map((name, i) => [standIns[i] as string, name])));
      templates.set(shape, template);
      if (template) prepareOnPostgres(template.sql);
    }
    if (!template) return build(values).compile();
    const parameters = template.slots.map((slot) => ("from" in slot ? values[slot.from] : slot.value));
    return CompiledQuery.raw(template.sql, parameters) as CompiledQuery<O>;
  };
}

const everyPage = createStatementCache();

/**
 * The rows of a read compiled once per shape and dialect: for the statements a page sends at every
 * request (a student's dashboard and export, the console's lists), where building and compiling
 * them cost a fifth of the request's server CPU (docs/benchmarks.md, Scale, sixth entry). `shape`
 * names the statement and every choice that changes its SQL; `values` are what may differ between
 * calls (createStatementCache).
 */
export async function readCompiled<V extends Record<string, string | number>, O>(
  db: Executor,
  shape: string,
  values: V,
  build: (values: V, dialect: Dialect) => Compilable<O>,
): Promise<O[]> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
  return (await db.executeQuery(everyPage(`${dialect} ${shape}`, values, (v) => build(v, dialect)))).rows;
}

/** A list of ids as one parameter, a JSON array, so the statement's text is the same however long the list. */
export const jsonList = (ids: readonly string[]) => JSON.stringify(ids);

/**
 * `column in (the ids of a jsonList)`: one parameter where `in (?, ?, …)` takes one per id, so a page's
 * lookups by id compile once and are prepared on PostgreSQL instead of planned at every request.
 */
export function inJsonList(column: string, list: string, dialect: Dialect): RawBuilder<SqlBool> {
  return dialect === "postgres"
    ? sql<SqlBool>`${sql.ref(column)} = any(array(select jsonb_array_elements_text(cast(${list} as jsonb))))`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${list}))`;
}

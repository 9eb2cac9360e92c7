/**
 * Every column of a table, named: what `selectAll()` reads, as a list the compiler checks against the
 * table's type (a column added to the type and missing here fails the build). A statement naming its
 * columns is prepared on PostgreSQL once sent often, where one with `*` never is
 * (docs/decisions/0434-repeated-statements-prepared-on-postgres.md).
 */
export function everyColumn<Table>() {
  return <const Columns extends readonly (keyof Table & string)[]>(
    columns: Columns,
    ..._complete: Exclude<keyof Table, Columns[number]> extends never
      ? []
      : [missing: Exclude<keyof Table, Columns[number]>]
  ): Columns => columns;
}

/** The columns prefixed with their table, for a join. */
export function ofTable<const Name extends string, const Column extends string>(
  table: Name,
  columns: readonly Column[],
): `${Name}.${Column}`[] {
  return columns.map((column) => `${table}.${column}` as const);
}

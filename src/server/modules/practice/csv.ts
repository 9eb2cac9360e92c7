import { CsvError, parse } from "csv-parse/sync";
import { PRACTICE_CSV_COLUMNS, PRACTICE_IMPORT_MAX_ROWS } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { PRACTICE_MESSAGES } from "../../../shared/messages.js";
import type { PracticeQuestionForm } from "../../../shared/schemas/practice.js";

/** One data row of an import file with the line it starts on (the header is line 1). */
export interface CsvQuestionRow {
  line: number;
  question: PracticeQuestionForm;
}

type Column = (typeof PRACTICE_CSV_COLUMNS)[number];

/** Hints are one cell, separated by "|" (docs/admin.md, Practice questions). */
export const HINT_SEPARATOR = "|";

const newlinesIn = (fields: string[]) => fields.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0);

function readRecords(text: string): { line: number; fields: string[] }[] {
  try {
    const records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return records.map(({ record, info }) => ({ line: info.lines - newlinesIn(record), fields: record }));
  } catch (error) {
    if (error instanceof CsvError)
      throw new AppError("VALIDATION", `${PRACTICE_MESSAGES.csvUnreadable} ${error.message}`);
    throw error;
  }
}

function columnOrder(header: string[]): Map<Column, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  const order = new Map<Column, number>();
  for (const column of PRACTICE_CSV_COLUMNS) {
    const index = names.indexOf(column);
    if (index < 0) throw new AppError("VALIDATION", PRACTICE_MESSAGES.csvHeader);
    order.set(column, index);
  }
  return order;
}

/** The file's question rows, by name of column in any order; a file without its header is refused whole. */
export function readQuestionCsv(text: string): CsvQuestionRow[] {
  const [header, ...rows] = readRecords(text);
  if (!header) throw new AppError("VALIDATION", PRACTICE_MESSAGES.csvEmpty);
  const order = columnOrder(header.fields);
  if (rows.length === 0) throw new AppError("VALIDATION", PRACTICE_MESSAGES.csvEmpty);
  if (rows.length > PRACTICE_IMPORT_MAX_ROWS) throw new AppError("VALIDATION", PRACTICE_MESSAGES.csvTooLong);
  const cell = (fields: string[], column: Column) => (fields[order.get(column) ?? -1] ?? "").trim();
  return rows.map(({ line, fields }) => ({
    line,
    question: {
      domain: cell(fields, "domain").toLowerCase() as PracticeQuestionForm["domain"],
      companyType: cell(fields, "company_type").toLowerCase() as PracticeQuestionForm["companyType"],
      topic: cell(fields, "topic"),
      difficulty: cell(fields, "difficulty").toLowerCase() as PracticeQuestionForm["difficulty"],
      prompt: cell(fields, "question"),
      modelAnswer: cell(fields, "model_answer"),
      hints: cell(fields, "hints").split(HINT_SEPARATOR),
    },
  }));
}

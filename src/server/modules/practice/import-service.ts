import { randomUUID } from "node:crypto";
import { PRACTICE_MESSAGES } from "../../../shared/messages.js";
import { type PracticeImportResult, practiceQuestionInputSchema } from "../../../shared/schemas/practice.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db } from "../../db/database.js";
import { recordAudit } from "../audit/index.js";
import { readQuestionCsv } from "./csv.js";
import { questionColumns } from "./mapping.js";
import { findExistingPrompts, insertQuestions } from "./repository.js";

type Checked = { line: number; row: ReturnType<typeof questionColumns> & { id: string; created_at: string } };
type RowError = PracticeImportResult["errors"][number];

/** Every row checked against the form's schema, then against the bank and the rows above it. */
async function checkRows(db: Db, text: string, now: string) {
  const valid: Checked[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  for (const { line, question } of readQuestionCsv(text)) {
    const parsed = practiceQuestionInputSchema.safeParse(question);
    if (!parsed.success) {
      errors.push({ line, message: parsed.error.issues.map((issue) => issue.message).join(" ") });
      continue;
    }
    const key = `${parsed.data.domain}\n${parsed.data.prompt}`;
    if (seen.has(key)) {
      errors.push({ line, message: PRACTICE_MESSAGES.duplicateInFile });
      continue;
    }
    seen.add(key);
    valid.push({ line, row: { id: randomUUID(), ...questionColumns(parsed.data, now), created_at: now } });
  }
  return { valid: await withoutExisting(db, valid, errors), errors };
}

async function withoutExisting(db: Db, rows: Checked[], errors: RowError[]): Promise<Checked[]> {
  const kept: Checked[] = [];
  const domains = [...new Set(rows.map(({ row }) => row.domain))];
  const existing = new Map<string, Set<string>>();
  for (const domain of domains) {
    const prompts = rows.filter(({ row }) => row.domain === domain).map(({ row }) => row.prompt);
    existing.set(domain, await findExistingPrompts(db, domain, prompts));
  }
  for (const checked of rows) {
    if (existing.get(checked.row.domain)?.has(checked.row.prompt)) {
      errors.push({ line: checked.line, message: PRACTICE_MESSAGES.duplicate });
    } else kept.push(checked);
  }
  return kept;
}

/**
 * Imports a CSV file of questions (docs/admin.md, Practice questions). A file with any bad row
 * imports nothing unless the admin asks for a partial import; the answer lists every bad row by line.
 */
export async function importQuestions(
  deps: AppDeps,
  adminEmail: string,
  text: string,
  partial: boolean,
): Promise<PracticeImportResult> {
  const now = new Date().toISOString();
  const { valid, errors } = await checkRows(deps.db, text, now);
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0 && !partial) return { imported: 0, errors };
  await deps.db.transaction().execute(async (trx) => {
    for (let start = 0; start < valid.length; start += 200) {
      await insertQuestions(
        trx,
        valid.slice(start, start + 200).map(({ row }) => row),
      );
    }
    if (valid.length === 0) return;
    await recordAudit(trx, {
      actorEmail: adminEmail,
      action: "import",
      entity: "practice_question",
      entityId: null,
      before: null,
      after: { imported: valid.length, rejectedLines: errors.map((error) => error.line) },
    });
  });
  return { imported: valid.length, errors };
}

import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AppError } from "../../../shared/errors.js";
import { RESUME_FILE_MESSAGES } from "../../../shared/recording-messages.js";
import type { ResumeFile } from "../../../shared/schemas/recordings.js";
import type { AppDeps } from "../../app-deps.js";
import type { SessionUser } from "../../plugins/auth.js";
import {
  deleteResumeFiles,
  findResumeFile,
  findResumeFilesOfUser,
  findUnreferencedReplacedFiles,
  insertResumeFile,
  isInterviewerOfStudent,
  markResumeFilesReplaced,
  saveResumeLink,
} from "./resume-file-repository.js";

const PDF_MAGIC = Buffer.from("%PDF-");
export const RESUME_CONTENT_TYPE = "application/pdf";

/** Stores the student's resume PDF (checked by content) and makes it the resume interviewers see. */
export async function uploadResumeFile(deps: AppDeps, user: SessionUser, pdf: Buffer): Promise<ResumeFile> {
  if (!pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw new AppError("UNSUPPORTED_MEDIA", RESUME_FILE_MESSAGES.notPdf);
  }
  const id = randomUUID();
  const storageKey = `resumes/${user.id}/${id}.pdf`;
  const scratch = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), "resume-")), "resume.pdf");
  try {
    await fsp.writeFile(scratch, pdf);
    await deps.storage.putFile(storageKey, scratch, RESUME_CONTENT_TYPE);
  } finally {
    await fsp.rm(path.dirname(scratch), { recursive: true, force: true });
  }
  const now = new Date().toISOString();
  const url = `${deps.config.publicUrl}/api/resume-files/${id}`;
  await deps.db.transaction().execute(async (trx) => {
    const row = {
      id,
      user_id: user.id,
      storage_key: storageKey,
      size_bytes: pdf.length,
      created_at: now,
      replaced_at: null,
    };
    await insertResumeFile(trx, row);
    await markResumeFilesReplaced(trx, user.id, id, now);
    await saveResumeLink(trx, user.id, url, now);
  });
  await removeUnreferencedResumes(deps, user.id);
  return { id, url, sizeBytes: pdf.length, uploadedAt: now };
}

/** Replaced resumes go once no booking made with them is still to come. */
export async function removeUnreferencedResumes(deps: AppDeps, userId: string): Promise<number> {
  const rows = await findUnreferencedReplacedFiles(deps.db, userId, new Date().toISOString());
  for (const row of rows) await deps.storage.remove(row.storage_key);
  await deleteResumeFiles(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.length;
}

/** The student, an interviewer of one of their sessions, or an admin may read a resume file. */
export async function readResumeFile(deps: AppDeps, user: SessionUser, isAdmin: boolean, id: string) {
  const row = await findResumeFile(deps.db, id);
  if (!row) throw new AppError("NOT_FOUND", RESUME_FILE_MESSAGES.notFound);
  const allowed =
    row.user_id === user.id || isAdmin || (await isInterviewerOfStudent(deps.db, user.email, row.user_id));
  if (!allowed) throw new AppError("FORBIDDEN", RESUME_FILE_MESSAGES.notYours);
  return { stream: await deps.storage.read(row.storage_key), sizeBytes: row.size_bytes };
}

/** Erasure: every resume file of the student goes. */
export async function deleteResumeFilesOf(deps: AppDeps, userId: string): Promise<void> {
  const rows = await findResumeFilesOfUser(deps.db, userId);
  for (const row of rows) await deps.storage.remove(row.storage_key);
  await deleteResumeFiles(
    deps.db,
    rows.map((row) => row.id),
  );
}

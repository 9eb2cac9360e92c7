import { isValidEmail, normalizeEmail } from "../../shared/email.js";
import type { Db } from "../db/database.js";
import { countAdmins, deleteAdmin, findAllAdmins, insertAdmin } from "../modules/admins/repository.js";

export const ADMIN_USAGE = "Usage: npm run admin -- add <email> | remove <email> | list";

/** `npm run admin -- …`: returns the exit code and the lines to print. */
export async function runAdminCommand(db: Db, args: string[]): Promise<{ code: number; out: string[] }> {
  const [command, rawEmail] = args;
  if (command === "list") {
    const admins = await findAllAdmins(db);
    if (admins.length === 0)
      return { code: 0, out: ["No admins yet. Add one with: npm run admin -- add you@example.com"] };
    return {
      code: 0,
      out: admins.map(
        (a) => `${a.email}\t(added ${a.created_at.slice(0, 10)}${a.added_by ? ` by ${a.added_by}` : ""})`,
      ),
    };
  }
  if ((command !== "add" && command !== "remove") || !rawEmail) return { code: 1, out: [ADMIN_USAGE] };
  if (!isValidEmail(rawEmail)) return { code: 1, out: ["Enter a valid email address"] };
  const email = normalizeEmail(rawEmail);
  if (command === "add") {
    const added = await insertAdmin(db, email, "cli");
    return { code: 0, out: [added ? `Added admin ${email}` : `${email} is already an admin`] };
  }
  const admins = await findAllAdmins(db);
  if (!admins.some((a) => a.email === email)) return { code: 1, out: [`${email} is not an admin`] };
  if ((await countAdmins(db)) <= 1)
    return { code: 1, out: ["Refusing to remove the last admin. Add another admin first."] };
  await deleteAdmin(db, email);
  return { code: 0, out: [`Removed admin ${email}`] };
}

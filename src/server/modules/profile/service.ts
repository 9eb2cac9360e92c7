import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { MESSAGES } from "../../../shared/messages.js";
import { normalizePhone, type ProfileInput, type ProfileResponse } from "../../../shared/schemas/booking.js";
import type { AppDeps } from "../../app-deps.js";
import { countHit, uncountHit } from "../../infrastructure/rate-limit/repository.js";
import { limitKey } from "../../infrastructure/rate-limit/store.js";
import { smsSender } from "../../infrastructure/sms/sender.js";
import { hasPaidBooking } from "../bookings/index.js";
import {
  claimOtpAttempt,
  consumeOtp,
  deleteOtp,
  findLatestOtp,
  findOtpState,
  findProfile,
  findVerifiedPhones,
  insertOtp,
  updateUserName,
  upsertProfile,
} from "./repository.js";

const RESEND_AFTER_MS = OTP_RESEND_SECONDS * 1000;
const MAX_CODES_PER_HOUR = 5;
const MAX_CODES_PER_PHONE_PER_HOUR = 5;

const hashCode = (secret: string, userId: string, phone: string, code: string) =>
  createHmac("sha256", `otp:${secret}`).update(`${userId}|${phone}|${code}`).digest("hex");

/** Sends a fresh 6-digit code by SMS; at most one per 30 s, five an hour per student and per phone. */
export async function sendOtp(
  deps: AppDeps,
  userId: string,
  rawPhone: string,
  now = new Date(),
): Promise<{ expiresAt: string }> {
  const phone = normalizePhone(rawPhone);
  const spent = await spendSendBudgets(deps, userId, phone, now);
  if (!spent) throw new AppError("RATE_LIMITED", MESSAGES.otpRateLimited, { details: 30 });
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
  const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * 60_000).toISOString();
  const id = randomUUID();
  await insertOtp(deps.db, {
    id,
    user_id: userId,
    phone,
    code_hash: hashCode(deps.config.authSecret, userId, phone, code),
    attempts: 0,
    expires_at: expiresAt,
    consumed_at: null,
    created_at: now.toISOString(),
  });
  try {
    await smsSender(deps.config, deps.db).send({
      to: phone,
      text: `${code} is your CareerPrep verification code. It expires in ${OTP_TTL_MINUTES} minutes. Do not share it.`,
      code,
    });
  } catch (err) {
    // A code that never arrived must not count against the limits, nor be guessable.
    await deleteOtp(deps.db, id);
    for (const key of spent) await uncountHit(deps.db, key);
    deps.log.error({ err }, "verification SMS could not be sent");
    throw new AppError("UNAVAILABLE", MESSAGES.otpSendFailed);
  }
  return { expiresAt };
}

/**
 * Counts this send against each budget with one atomic statement apiece (shared by every
 * instance), so of requests sent at once no more than the limits pass; a refused send gives its
 * counts back. Returns the budgets spent, or undefined when one is used up.
 */
async function spendSendBudgets(deps: AppDeps, userId: string, phone: string, now: Date) {
  const budgets = [
    { key: limitKey("otp-resend", `${userId}|${phone}`), max: 1, windowMs: RESEND_AFTER_MS },
    { key: limitKey("otp-per-student", userId), max: MAX_CODES_PER_HOUR, windowMs: 3_600_000 },
    { key: limitKey("otp-per-phone", phone), max: MAX_CODES_PER_PHONE_PER_HOUR, windowMs: 3_600_000 },
  ];
  const spent: string[] = [];
  for (const budget of budgets) {
    const { hits } = await countHit(deps.db, budget.key, budget.windowMs, now.getTime());
    spent.push(budget.key);
    if (hits > budget.max) {
      for (const key of spent) await uncountHit(deps.db, key);
      return undefined;
    }
  }
  return spent;
}

/** Checks the latest code for this phone: single use, 10 minutes, five tries counted before comparing. */
export async function verifyOtp(
  deps: AppDeps,
  userId: string,
  rawPhone: string,
  code: string,
  now = new Date(),
): Promise<void> {
  const phone = normalizePhone(rawPhone);
  const otp = await findLatestOtp(deps.db, userId, phone);
  const nowIso = now.toISOString();
  if (!otp || otp.consumed_at || otp.expires_at <= nowIso)
    throw new AppError("VALIDATION", MESSAGES.otpExpired, { field: "code" });
  const tries = await claimOtpAttempt(deps.db, otp.id, OTP_MAX_ATTEMPTS, nowIso);
  if (tries === undefined) {
    const usedUp = otp.attempts >= OTP_MAX_ATTEMPTS || (await findOtpState(deps.db, otp.id, nowIso)) === "open";
    throw new AppError("VALIDATION", usedUp ? MESSAGES.otpTooManyAttempts : MESSAGES.otpExpired, { field: "code" });
  }
  const expected = Buffer.from(otp.code_hash);
  const given = Buffer.from(hashCode(deps.config.authSecret, userId, phone, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const message = tries < OTP_MAX_ATTEMPTS ? MESSAGES.otpInvalid : MESSAGES.otpTooManyAttempts;
    throw new AppError("VALIDATION", message, { field: "code" });
  }
  if (!(await consumeOtp(deps.db, otp.id, nowIso)))
    throw new AppError("VALIDATION", MESSAGES.otpExpired, { field: "code" });
}

export async function readProfile(deps: AppDeps, userId: string): Promise<ProfileResponse> {
  const [row, verifiedPhones, paid] = await Promise.all([
    findProfile(deps.db, userId),
    findVerifiedPhones(deps.db, userId),
    hasPaidBooking(deps.db, userId),
  ]);
  return {
    profile: row
      ? {
          firstName: row.first_name,
          lastName: row.last_name,
          qualification: row.qualification,
          status: row.status as ProfileInput["status"],
          phone: row.phone,
          state: (row.state ?? "") as ProfileInput["state"],
          phoneVerified: row.phone_verified_at !== null,
          completed: row.completed_at !== null,
        }
      : null,
    verifiedPhones,
    paid,
  };
}

/** 'Finish and Go to Dashboard': a paid booking and a verified phone first (docs/product.md, Profile). */
export async function saveProfile(deps: AppDeps, userId: string, input: ProfileInput, now = new Date()): Promise<void> {
  const phone = normalizePhone(input.phone);
  if (!(await hasPaidBooking(deps.db, userId))) throw new AppError("PAYMENT_REQUIRED", MESSAGES.paymentRequired);
  const verified = await findVerifiedPhones(deps.db, userId);
  if (!verified.includes(phone))
    throw new AppError("PHONE_NOT_VERIFIED", MESSAGES.phoneNotVerified, { field: "phone" });
  const existing = await findProfile(deps.db, userId);
  const nowIso = now.toISOString();
  try {
    await upsertProfile(deps.db, {
      user_id: userId,
      first_name: input.firstName,
      last_name: input.lastName,
      qualification: input.qualification,
      status: input.status,
      phone,
      state: input.state || null,
      phone_verified_at: existing?.phone === phone && existing.phone_verified_at ? existing.phone_verified_at : nowIso,
      completed_at: existing?.completed_at ?? nowIso,
      updated_at: nowIso,
    });
    await updateUserName(deps.db, userId, `${input.firstName} ${input.lastName}`);
    deps.authSessions.forgetUser(userId);
  } catch (err) {
    deps.log.error({ err, userId }, "profile save failed");
    throw new AppError("INTERNAL", MESSAGES.profileSaveFailed);
  }
}

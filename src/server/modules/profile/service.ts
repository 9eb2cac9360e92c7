import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { MESSAGES } from "../../../shared/messages.js";
import { normalizePhone, type ProfileInput, type ProfileResponse } from "../../../shared/schemas/booking.js";
import type { AppDeps } from "../../app.js";
import { forgetCachedSessionsOf } from "../../plugins/auth.js";
import { hasPaidBooking } from "../me/repository.js";
import { smsSender } from "../sms/sender.js";
import {
  consumeOtp,
  countOtpsSince,
  countOtpsToPhoneSince,
  deleteOtp,
  findLatestOtp,
  findProfile,
  findVerifiedPhones,
  insertOtp,
  recordOtpAttempt,
  upsertProfile,
} from "./repository.js";

const RESEND_AFTER_MS = 30_000;
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
  const latest = await findLatestOtp(deps.db, userId, phone);
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const [byUser, byPhone] = await Promise.all([
    countOtpsSince(deps.db, userId, hourAgo),
    countOtpsToPhoneSince(deps.db, phone, hourAgo),
  ]);
  if (
    (latest && now.getTime() - Date.parse(latest.created_at) < RESEND_AFTER_MS) ||
    Number(byUser.n) >= MAX_CODES_PER_HOUR ||
    Number(byPhone.n) >= MAX_CODES_PER_PHONE_PER_HOUR
  ) {
    throw new AppError("RATE_LIMITED", MESSAGES.otpRateLimited, { details: 30 });
  }
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
    deps.log.error({ err }, "verification SMS could not be sent");
    throw new AppError("UNAVAILABLE", MESSAGES.otpSendFailed);
  }
  return { expiresAt };
}

/** Checks the latest code for this phone: single use, 10 minutes, five tries. */
export async function verifyOtp(
  deps: AppDeps,
  userId: string,
  rawPhone: string,
  code: string,
  now = new Date(),
): Promise<void> {
  const phone = normalizePhone(rawPhone);
  const otp = await findLatestOtp(deps.db, userId, phone);
  if (!otp || otp.consumed_at || otp.expires_at <= now.toISOString())
    throw new AppError("VALIDATION", MESSAGES.otpExpired, { field: "code" });
  if (otp.attempts >= OTP_MAX_ATTEMPTS)
    throw new AppError("VALIDATION", MESSAGES.otpTooManyAttempts, { field: "code" });
  const expected = Buffer.from(otp.code_hash);
  const given = Buffer.from(hashCode(deps.config.authSecret, userId, phone, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const counted = await recordOtpAttempt(deps.db, otp.id, OTP_MAX_ATTEMPTS);
    throw new AppError(
      "VALIDATION",
      counted && otp.attempts + 1 < OTP_MAX_ATTEMPTS ? MESSAGES.otpInvalid : MESSAGES.otpTooManyAttempts,
      {
        field: "code",
      },
    );
  }
  if (!(await consumeOtp(deps.db, otp.id, now.toISOString())))
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
    await deps.db
      .updateTable("user")
      .set({ name: `${input.firstName} ${input.lastName}` })
      .where("id", "=", userId)
      .execute();
    forgetCachedSessionsOf(userId);
  } catch (err) {
    deps.log.error({ err, userId }, "profile save failed");
    throw new AppError("INTERNAL", MESSAGES.profileSaveFailed);
  }
}

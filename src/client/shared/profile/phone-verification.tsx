import { useEffect, useState } from "react";
import { OTP_LENGTH, OTP_RESEND_SECONDS, PHONE_MIN_DIGITS } from "../../../shared/constants.js";
import { JOURNEY_MESSAGES, MESSAGES } from "../../../shared/messages.js";
import { normalizePhone } from "../../../shared/schemas/booking.js";
import { Button } from "../../ui/button.js";
import { TextField } from "../../ui/field.js";
import { useSendOtp, useVerifyOtp } from "./profile.js";

interface PhoneVerificationProps {
  phone: string;
  onPhoneChange: (phone: string) => void;
  phoneError: string | undefined;
  /** The number is proven (a code for it was entered correctly). */
  verified: boolean;
  /** Offer 'Send OTP' (not for a number already saved and verified). */
  canVerify: boolean;
  hint: string;
}

/** Seconds left until `until` (ms), ticking every second; 0 once passed. */
function useSecondsUntil(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** "+91 98765 43210": the number as the student will recognise it. */
const displayPhone = (phoneKey: string) =>
  phoneKey.startsWith("+91") && phoneKey.length === 13 ? `+91 ${phoneKey.slice(3, 8)} ${phoneKey.slice(8)}` : phoneKey;

/**
 * Phone with 'Send OTP' (enabled from 10 characters) and the 6-digit code with 'Verify'
 * (docs/product.md, Profile). Once sent: where the code went and when another can be asked for;
 * each button sits level with its field.
 */
export function PhoneVerification({
  phone,
  onPhoneChange,
  phoneError,
  verified,
  canVerify,
  hint,
}: PhoneVerificationProps) {
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const [code, setCode] = useState("");
  const [sent, setSent] = useState<{ to: string; at: number }>();
  const phoneKey = normalizePhone(phone);
  const codeSent = sent?.to === phoneKey && !verified;
  const wait = useSecondsUntil(codeSent ? sent.at + OTP_RESEND_SECONDS * 1000 : undefined);
  const send = () => sendOtp.mutate(phone, { onSuccess: () => setSent({ to: phoneKey, at: Date.now() }) });
  return (
    <>
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_auto]">
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => onPhoneChange(e.target.value)}
          error={phoneError ?? (sendOtp.isError ? sendOtp.error.message : undefined)}
          hint={verified ? "Verified" : hint}
        />
        {canVerify && !verified && (
          <Button
            variant="secondary"
            className="sm:mt-6"
            disabled={phone.trim().length < PHONE_MIN_DIGITS || sendOtp.isPending || wait > 0}
            onClick={send}
          >
            {sendOtp.isPending
              ? MESSAGES.sending
              : wait > 0
                ? JOURNEY_MESSAGES.resendIn(wait)
                : codeSent
                  ? "Resend code"
                  : "Send OTP"}
          </Button>
        )}
      </div>
      {codeSent && (
        <div className="grid items-start gap-3 sm:grid-cols-[1fr_auto]">
          <TextField
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
            hint={JOURNEY_MESSAGES.codeSentTo(displayPhone(phoneKey))}
            error={verifyOtp.isError ? verifyOtp.error.message : undefined}
          />
          <Button
            variant="secondary"
            className="sm:mt-6"
            disabled={code.length !== OTP_LENGTH || verifyOtp.isPending}
            onClick={() => verifyOtp.mutate({ phone, code })}
          >
            Verify
          </Button>
        </div>
      )}
    </>
  );
}

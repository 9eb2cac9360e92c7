import { useState } from "react";
import { OTP_LENGTH, PHONE_MIN_DIGITS } from "../../../shared/constants.js";
import { MESSAGES } from "../../../shared/messages.js";
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

/** Phone with 'Send OTP' (enabled from 10 characters) and the 6-digit code with 'Verify' (docs/product.md, Profile). */
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
  const [codeSentTo, setCodeSentTo] = useState<string>();
  const phoneKey = normalizePhone(phone);
  return (
    <>
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
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
            disabled={phone.trim().length < PHONE_MIN_DIGITS || sendOtp.isPending}
            onClick={() => sendOtp.mutate(phone, { onSuccess: () => setCodeSentTo(phoneKey) })}
          >
            {sendOtp.isPending ? MESSAGES.sending : "Send OTP"}
          </Button>
        )}
      </div>
      {codeSentTo === phoneKey && !verified && (
        <div className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
          <TextField
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
            error={verifyOtp.isError ? verifyOtp.error.message : undefined}
          />
          <Button
            variant="secondary"
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

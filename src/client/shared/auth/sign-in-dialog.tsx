import { type FormEvent, useState } from "react";
import { isValidEmail } from "../../../shared/email.js";
import { MESSAGES } from "../../../shared/messages.js";
import { ApiError } from "../../lib/api.js";
import { Button } from "../../ui/button.js";
import { Dialog } from "../../ui/dialog.js";
import { TextField } from "../../ui/field.js";
import { useClientConfig } from "../session/get-config.js";
import { startGoogleSignIn } from "./google-sign-in.js";
import { useSendMagicLink } from "./send-magic-link.js";

interface SignInDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where the user lands after signing in (docs/product.md, Sign-in: /onboarding). */
  callbackURL?: string;
  onOpenLegal?: () => void;
}

/** '{code}: {message}' with the fallbacks of messages.ts (docs/product.md, Sign-in). */
export function linkSendErrorText(error: unknown): string {
  const code = error instanceof ApiError ? error.code.toLowerCase() : "unknown";
  const message = error instanceof Error && error.message ? error.message : MESSAGES.linkSendFailedFallback;
  return `${code}: ${message}`;
}

export function SignInDialog({ open, onClose, callbackURL = "/onboarding", onOpenLegal }: SignInDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Sign in or create your account">
      {/* Re-mounted on every open: opening clears the error and the sent state (docs/product.md, Sign-in). */}
      {open && <SignInPanels callbackURL={callbackURL} onClose={onClose} onOpenLegal={onOpenLegal} />}
    </Dialog>
  );
}

export function SignInPanels({
  callbackURL,
  onClose,
  onOpenLegal,
}: {
  callbackURL: string;
  onClose?: () => void;
  onOpenLegal?: (() => void) | undefined;
}) {
  const config = useClientConfig();
  const sendLink = useSendMagicLink();
  const [email, setEmail] = useState("");
  const [validationError, setValidationError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [googleError, setGoogleError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!isValidEmail(trimmed)) {
      setValidationError(MESSAGES.invalidEmail);
      return;
    }
    setValidationError(undefined);
    sendLink.mutate({ email: trimmed, callbackURL }, { onSuccess: () => setSentTo(trimmed) });
  };

  const google = async () => {
    setGoogleError(undefined);
    try {
      await startGoogleSignIn(callbackURL);
    } catch (err) {
      setGoogleError(err instanceof Error && err.message ? err.message : MESSAGES.googleSignInFailed);
    }
  };

  const sending = sendLink.isPending;
  const error = validationError ?? (sendLink.isError ? linkSendErrorText(sendLink.error) : undefined);

  return (
    <div className="mt-4 space-y-6">
      <section aria-labelledby="email-link-heading" className="space-y-3">
        <h3 id="email-link-heading" className="text-base font-semibold">
          Continue with e-mail
        </h3>
        <p className="text-sm text-slate-700">We send you a sign-in link. No password needed.</p>
        <form noValidate onSubmit={submit} className="space-y-3">
          <TextField
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            data-autofocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          {sentTo ? (
            <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
              {MESSAGES.magicLinkSent(sentTo)}
            </p>
          ) : (
            <Button type="submit" disabled={sending} className="w-full">
              {sending ? MESSAGES.sending : "Send magic link"}
            </Button>
          )}
        </form>
      </section>

      {config.data?.googleEnabled && (
        <section aria-labelledby="google-heading" className="space-y-3 border-t border-slate-200 pt-5">
          <h3 id="google-heading" className="text-base font-semibold">
            Continue with Google
          </h3>
          <Button variant="secondary" className="w-full" onClick={() => void google()}>
            <GoogleMark /> Continue with Google
          </Button>
          {googleError && (
            <p role="alert" className="text-sm text-red-700">
              {googleError}
            </p>
          )}
        </section>
      )}

      <p className="text-sm text-slate-700">{MESSAGES.sessionPersists}</p>
      <p className="text-xs text-slate-600">
        By continuing you agree to our{" "}
        {onOpenLegal ? (
          <button type="button" className="underline" onClick={onOpenLegal}>
            terms and privacy policy
          </button>
        ) : (
          "terms and privacy policy"
        )}
        .
      </p>
      {onClose && (
        <p className="text-center">
          <button type="button" className="text-sm font-medium text-brand-700 underline" onClick={onClose}>
            Close
          </button>
        </p>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.8-5.5 3.8-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.2 14.6 2.2 12 2.2 6.6 2.2 2.3 6.6 2.3 12s4.3 9.8 9.7 9.8c5.6 0 9.3-3.9 9.3-9.5 0-.6-.1-1.1-.2-1.6H12z"
      />
    </svg>
  );
}

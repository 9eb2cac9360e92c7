import { useState } from "react";
import { useNavigate } from "react-router";
import { MESSAGES } from "../../../shared/messages.js";
import { Button } from "../../ui/button.js";
import { SignInDialog } from "../auth/components/sign-in-dialog.js";
import { useMe } from "../session/api/get-me.js";

export default function LandingRoute() {
  const me = useMe();
  const navigate = useNavigate();
  const [signInOpen, setSignInOpen] = useState(false);
  const signedIn = Boolean(me.data?.user);
  return (
    <main className="mx-auto max-w-3xl p-6">
      <header className="flex items-center justify-between">
        <p className="text-xl font-bold">CareerPrep</p>
        <Button
          onClick={() => (signedIn ? navigate(me.data?.bookingDone ? "/dashboard" : "/onboarding") : setSignInOpen(true))}
        >
          {signedIn ? MESSAGES.dashboardButton : MESSAGES.signInButton}
        </Button>
      </header>
      <h1 className="mt-10 text-3xl font-bold">Mock interviews, workshops and internships for campus placements</h1>
      <SignInDialog open={signInOpen} onClose={() => setSignInOpen(false)} />
    </main>
  );
}

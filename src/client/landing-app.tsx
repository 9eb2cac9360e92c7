import LandingRoute from "./features/landing/route.js";
import { OfflineBanner } from "./ui/offline-banner.js";
import { SkipLink } from "./ui/skip-link.js";

/** What `/` shows: the router's root layout (src/client/app/router.tsx) around the landing page. */
export function LandingApp() {
  return (
    <>
      <SkipLink />
      <OfflineBanner />
      <LandingRoute />
    </>
  );
}

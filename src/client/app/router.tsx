import { type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet } from "react-router";
import { lazyRoute } from "../lib/lazy.js";
import { Spinner } from "../ui/alert.js";
import { OfflineBanner } from "../ui/offline-banner.js";
import { RouteError } from "../ui/route-error.js";
import { SkipLink } from "../ui/skip-link.js";

// Every page is split out (docs/product.md, Network and deploys). A visit to `/` from outside gets the prerendered
// landing page and its own entry instead (docs/decisions/0160-landing-from-html.md).
const LandingRoute = lazyRoute(() => import("../features/landing/route.js"));
const OnboardingRoute = lazyRoute(() => import("../features/booking/route.js"));
const DashboardRoute = lazyRoute(() => import("../features/dashboard/route.js"));
const PracticeRoute = lazyRoute(() => import("../features/practice/route.js"));
const AdminRoute = lazyRoute(() => import("../features/admin/route.js"));
const AdminLoginRoute = lazyRoute(() => import("../features/admin/login-route.js"));
const CertificateRoute = lazyRoute(() => import("../features/certificates/route.js"));
const InterviewerRoute = lazyRoute(() => import("../features/interviewer/route.js"));
const RoomRoute = lazyRoute(() => import("../features/room/route.js"));
const ReplayRoute = lazyRoute(() => import("../features/replay/route.js"));
const DevOutboxRoute = lazyRoute(() => import("../features/dev-outbox/route.js"));
const TestCheckoutRoute = lazyRoute(() => import("../features/booking/test-checkout-route.js"));

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="grid min-h-dvh place-items-center">
          <Spinner label="Loading…" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

function RootLayout() {
  return (
    <>
      <SkipLink />
      <OfflineBanner />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: "/",
        element: (
          <Loading>
            <LandingRoute />
          </Loading>
        ),
      },
      {
        path: "/onboarding",
        element: (
          <Loading>
            <OnboardingRoute />
          </Loading>
        ),
      },
      {
        path: "/dashboard",
        element: (
          <Loading>
            <DashboardRoute />
          </Loading>
        ),
      },
      {
        path: "/practice",
        element: (
          <Loading>
            <PracticeRoute />
          </Loading>
        ),
      },
      {
        path: "/admin",
        element: (
          <Loading>
            <AdminRoute />
          </Loading>
        ),
      },
      {
        path: "/admin-login",
        element: (
          <Loading>
            <AdminLoginRoute />
          </Loading>
        ),
      },
      {
        path: "/interviewer",
        element: (
          <Loading>
            <InterviewerRoute />
          </Loading>
        ),
      },
      {
        path: "/certificates/:code",
        element: (
          <Loading>
            <CertificateRoute />
          </Loading>
        ),
      },
      {
        path: "/room/:bookingId",
        element: (
          <Loading>
            <RoomRoute />
          </Loading>
        ),
      },
      {
        path: "/sessions/:bookingId/replay",
        element: (
          <Loading>
            <ReplayRoute />
          </Loading>
        ),
      },
      {
        path: "/checkout/test/:paymentId",
        element: (
          <Loading>
            <TestCheckoutRoute />
          </Loading>
        ),
      },
      // The page asks the API, which answers 404 in production.
      {
        path: "/dev/outbox",
        element: (
          <Loading>
            <DevOutboxRoute />
          </Loading>
        ),
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);

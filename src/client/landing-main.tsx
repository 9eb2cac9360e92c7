import { hydrateRoot } from "react-dom/client";
import { hydrateInSteps } from "./features/landing/components/hydrate-later.js";
import { LandingApp } from "./landing-app.js";
import "./index.css";

// The landing page's own entry, built with Preact in place of React (vite.landing.config.ts): it hydrates the HTML
// the build rendered (docs/decisions/0160-landing-from-html.md), the top first and the sections below in idle
// tasks (docs/decisions/0212-landing-hydrated-in-steps.md).
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from landing.html");
hydrateInSteps(() => hydrateRoot(root, <LandingApp />));

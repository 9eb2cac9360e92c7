import { renderToStringAsync } from "preact-render-to-string";
import { LandingApp } from "./landing-app.js";

/**
 * The landing page as HTML, rendered by the build (scripts/build-client.mjs) with the same Preact aliases as the
 * landing entry, so that hydration finds exactly what it renders (docs/decisions/0160-landing-from-html.md).
 */
export async function renderLanding(): Promise<string> {
  // The element is built by Preact's JSX runtime at build time (aliased); TypeScript sees React's types.
  return renderToStringAsync((<LandingApp />) as unknown as Parameters<typeof renderToStringAsync>[0]);
}

/**
 * html-validate's recommended rules, as the landing page is held to them (e2e/landing-html.spec.ts). Each change to
 * the preset says why; every other rule of the preset applies as published.
 */
export default {
  extends: ["html-validate:recommended"],
  rules: {
    // The page has three writers: Vite's HTML template (lower-case doctype, <meta ... />), Vite's injected tags
    // (<link ...>, end tag omitted) and Preact's renderer (<img ... />). Every one of these spellings is valid HTML,
    // so the doctype is held to the template's and void elements may be written either way.
    "doctype-style": ["error", { style: "lowercase" }],
    "void-style": "off",
    // Values computed while rendering, which no stylesheet can know: the section bar's sliding highlight (its width
    // and offset follow the active tab) and the story wall (its column count follows the width, each column's float
    // period the number of its cards). Any other inline style is still refused.
    "no-inline-style": [
      "error",
      { allowedProperties: ["display", "width", "translate", "grid-template-columns", "animation-duration"] },
    ],
  },
};

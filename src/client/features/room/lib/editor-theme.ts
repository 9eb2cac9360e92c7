import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorView } from "@codemirror/view";
import { tags } from "@lezer/highlight";

/**
 * Syntax colours that keep 4.5:1 contrast on the editor's white and on its highlighted lines
 * (WCAG 1.4.3), replacing CodeMirror's default palette, some of whose colours fall short.
 */
const accessibleHighlighting = HighlightStyle.define([
  { tag: tags.keyword, color: "#6d28d9" },
  { tag: [tags.atom, tags.bool, tags.number, tags.literal], color: "#9a3412" },
  { tag: [tags.string, tags.regexp, tags.escape, tags.special(tags.string)], color: "#047857" },
  { tag: [tags.definition(tags.variableName), tags.function(tags.variableName)], color: "#1d4ed8" },
  { tag: [tags.typeName, tags.className, tags.namespace], color: "#0f766e" },
  { tag: [tags.meta, tags.annotation, tags.macroName], color: "#7c2d12" },
  { tag: tags.comment, color: "#475569", fontStyle: "italic" },
  { tag: tags.invalid, color: "#b91c1c" },
]);

export const editorTheme = [
  syntaxHighlighting(accessibleHighlighting),
  EditorView.theme({
    "&": { height: "100%", color: "#0f172a", backgroundColor: "#ffffff" },
    ".cm-scroller": { overflow: "auto" },
    ".cm-gutters": { backgroundColor: "#f1f5f9", color: "#475569", borderRight: "1px solid #cbd5e1" },
    ".cm-activeLine": { backgroundColor: "#f1f5f9" },
    ".cm-activeLineGutter": { backgroundColor: "#e2e8f0", color: "#0f172a" },
    "&.cm-focused": { outline: "2px solid #1d4ed8", outlineOffset: "2px" },
    "&.cm-focused .cm-matchingBracket": { backgroundColor: "#dbeafe", color: "#0f172a" },
    "&.cm-focused .cm-nonmatchingBracket": { backgroundColor: "#fee2e2", color: "#7f1d1d" },
  }),
];

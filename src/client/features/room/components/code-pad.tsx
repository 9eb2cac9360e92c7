import { indentWithTab, simplifySelection, temporarilySetTabFocusMode } from "@codemirror/commands";
import { Compartment, type Extension } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { basicSetup } from "codemirror";
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { yCollab } from "y-codemirror.next";
import type * as Y from "yjs";
import { ROOM_LANGUAGE_LABELS, ROOM_LANGUAGES, type RoomLanguage } from "../../../../shared/constants.js";
import { SelectField } from "../../../ui/field.js";
import { editorTheme } from "../lib/editor-theme.js";

/** Each language's support is its own chunk, loaded when a room first shows that language. */
const LANGUAGE_SUPPORT: Record<RoomLanguage, () => Promise<Extension>> = {
  python: () => import("@codemirror/lang-python").then((m) => m.python()),
  java: () => import("@codemirror/lang-java").then((m) => m.java()),
  cpp: () => import("@codemirror/lang-cpp").then((m) => m.cpp()),
  javascript: () => import("@codemirror/lang-javascript").then((m) => m.javascript()),
  sql: () => import("@codemirror/lang-sql").then((m) => m.sql()),
};

function languageOf(meta: Y.Map<string>): RoomLanguage {
  const value = meta.get("language");
  return ROOM_LANGUAGES.includes(value as RoomLanguage) ? (value as RoomLanguage) : ROOM_LANGUAGES[0];
}

/** The language is part of the shared document, so both people see the same highlighting. */
function useSharedLanguage(doc: Y.Doc): [RoomLanguage, (language: RoomLanguage) => void] {
  const meta = doc.getMap<string>("meta");
  const [language, setLanguage] = useState(() => languageOf(meta));
  useEffect(() => {
    const observer = () => setLanguage(languageOf(meta));
    meta.observe(observer);
    return () => meta.unobserve(observer);
  }, [meta]);
  return [language, (next) => meta.set("language", next)];
}

// Tab indents, as in any code editor; Escape then Tab leaves the editor (CodeMirror's tab focus mode).
const KEYS = keymap.of([
  indentWithTab,
  { key: "Escape", run: (view) => simplifySelection(view) || temporarilySetTabFocusMode(view) },
]);

export interface CodePadHandle {
  focus(): void;
}

/** The shared code editor: CodeMirror 6 bound to the room's Yjs document, with the language picker. */
export const CodePad = forwardRef<CodePadHandle, { doc: Y.Doc }>(function CodePad({ doc }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  const [language, setLanguage] = useSharedLanguage(doc);

  useImperativeHandle(ref, () => ({ focus: () => view.current?.focus() }), []);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      extensions: [
        KEYS,
        basicSetup,
        languageSlot.current.of([]),
        yCollab(doc.getText("code"), null),
        EditorView.contentAttributes.of({ "aria-label": "Shared code editor" }),
        editorTheme,
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [doc]);

  useEffect(() => {
    let current = true;
    void LANGUAGE_SUPPORT[language]().then((support) => {
      if (current) view.current?.dispatch({ effects: languageSlot.current.reconfigure(support) });
    });
    return () => {
      current = false;
    };
  }, [language]);

  return (
    <div className="flex h-full min-h-80 flex-col gap-2">
      <div className="flex items-end justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Code</h2>
        <SelectField
          label="Language"
          className="w-40"
          value={language}
          onChange={(e) => setLanguage(e.target.value as RoomLanguage)}
        >
          {ROOM_LANGUAGES.map((value) => (
            <option key={value} value={value}>
              {ROOM_LANGUAGE_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <div ref={host} className="min-h-72 flex-1 overflow-hidden rounded-lg border border-slate-300 bg-white text-sm" />
    </div>
  );
});

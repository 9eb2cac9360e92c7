import { createContext, type ReactNode, useContext, useState } from "react";

const NoticeContext = createContext<(message: string) => void>(() => undefined);

/**
 * Page-level confirmation line: a cancelled session disappears from its card, so the message
 * that confirms it must live above the cards.
 */
export function NoticeProvider({ children }: { children: (banner: ReactNode) => ReactNode }) {
  const [notice, setNotice] = useState<string>();
  const banner = (
    <div role="status" aria-live="polite">
      {notice && (
        <div className="mb-4 flex items-start justify-between gap-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
          <span>{notice}</span>
          <button type="button" onClick={() => setNotice(undefined)} className="rounded px-2 font-semibold underline">
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
  return <NoticeContext.Provider value={setNotice}>{children(banner)}</NoticeContext.Provider>;
}

export const useNotice = () => useContext(NoticeContext);

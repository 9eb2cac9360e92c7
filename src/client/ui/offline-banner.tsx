import { useEffect, useState } from "react";
import { onConnectivityChange } from "../lib/api.js";

/** Visible while the server cannot be reached; disappears when it is back (docs/product.md, Network and deploys). */
export function OfflineBanner() {
  const [offline, setOffline] = useState(() => typeof window !== "undefined" && !navigator.onLine);
  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => setOffline(false);
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", goOnline);
    const unsubscribe = onConnectivityChange((online) => setOffline(!online));
    return () => {
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", goOnline);
      unsubscribe();
    };
  }, []);
  if (!offline) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 top-0 z-[100] bg-amber-300 px-4 py-2 text-center text-sm font-medium text-slate-900"
    >
      You are offline: we cannot reach the server. What you typed is kept; we will reconnect automatically.
    </div>
  );
}

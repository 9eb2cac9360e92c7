import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { formatInstant } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Spinner } from "../../../ui/alert.js";
import { useNotifications } from "../api/get-notifications.js";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read.js";
import { useMarkNotificationRead } from "../api/mark-notification-read.js";

/** Bell with the unread count; opens a panel of the latest notifications (disclosure pattern). */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const unread = notifications.data?.unreadCount ?? 0;

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !wrapper.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  return (
    <div ref={wrapper} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        onClick={() => setOpen((v) => !v)}
        className="relative grid size-11 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          className="fixed inset-x-2 top-16 z-30 rounded-2xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-[min(92vw,24rem)] border border-slate-200 bg-white p-4 shadow-xl"
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 className="text-base font-semibold">Notifications</h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={unread === 0 || markAll.isPending}
              className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:text-slate-500"
            >
              Mark all as read
            </button>
          </div>
          {notifications.isPending && <Spinner label="Loading notifications…" />}
          {notifications.isError && <p className="text-sm text-red-700">{notifications.error.message}</p>}
          {notifications.data?.items.length === 0 && (
            <p className="text-sm text-slate-700">Nothing yet. Bookings, reminders and feedback appear here.</p>
          )}
          <ul className="max-h-96 space-y-2 overflow-y-auto">
            {notifications.data?.items.map((n) => (
              <li
                key={n.id}
                className={`rounded-lg border p-3 ${n.readAt ? "border-slate-200" : "border-brand-100 bg-brand-50"}`}
              >
                <p className="text-sm font-semibold text-slate-900">
                  {!n.readAt && <span className="sr-only">Unread: </span>}
                  {n.link ? (
                    <Link
                      to={n.link}
                      className="underline-offset-2 hover:underline"
                      onClick={() => {
                        if (!n.readAt) markRead.mutate(n.id);
                        setOpen(false);
                      }}
                    >
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </p>
                {n.body && <p className="mt-0.5 text-sm text-slate-700">{n.body}</p>}
                <div className="mt-1 flex items-center justify-between gap-2">
                  <p className="text-xs text-slate-600">
                    {formatInstant(n.createdAt, zone, config.data?.timeZoneLabel)}
                  </p>
                  {!n.readAt && (
                    <button
                      type="button"
                      onClick={() => markRead.mutate(n.id)}
                      className="rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-white"
                    >
                      Mark as read<span className="sr-only">: {n.title}</span>
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

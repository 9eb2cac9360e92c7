import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RoomCode, RoomNote, RoomNotesPage } from "../../../shared/schemas/rooms.js";
import { apiFetch } from "../../lib/api.js";

const roomUrl = (bookingId: string) => `/api/rooms/${encodeURIComponent(bookingId)}`;

/** The shared editor's saved document of a session (its student and interviewer only). */
export const roomCodeQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["room", bookingId, "code"],
    queryFn: () => apiFetch<RoomCode>(`${roomUrl(bookingId)}/code`),
  });

export const useRoomCode = (bookingId: string) => useQuery(roomCodeQuery(bookingId));

/** The interviewer's private notes of a session, oldest first (a session has far fewer than a page). */
export const roomNotesQuery = (bookingId: string, enabled = true) =>
  queryOptions({
    queryKey: ["room", bookingId, "notes"],
    queryFn: () => apiFetch<RoomNotesPage>(`${roomUrl(bookingId)}/notes?limit=200`),
    enabled,
  });

export const useRoomNotes = (bookingId: string, enabled = true) => useQuery(roomNotesQuery(bookingId, enabled));

export function useAddRoomNote(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiFetch<RoomNote>(`${roomUrl(bookingId)}/notes`, { method: "POST", body: { text } }),
    // The saved note joins the list at once; the list is the interviewer's alone, so nothing else changed it.
    onSuccess: (note) =>
      queryClient.setQueryData<RoomNotesPage>(["room", bookingId, "notes"], (page) =>
        page ? { ...page, notes: [...page.notes, note] } : page,
      ),
  });
}

/** "12:05" (or "-02:30" before the start) for a note's second since the session's start. */
export function formatNoteTime(atSecond: number): string {
  const sign = atSecond < 0 ? "-" : "";
  const total = Math.abs(atSecond);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${sign}${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** The notes as the scorecard draft's text: one line per note with its time. */
export function notesAsDraft(notes: RoomNote[]): string {
  return notes.map((note) => `[${formatNoteTime(note.atSecond)}] ${note.text}`).join("\n");
}

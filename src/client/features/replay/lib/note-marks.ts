/** A note the interviewer shared in the scorecard, at its second of the session. */
export interface NoteMark {
  atSecond: number;
  text: string;
}

/** The scorecard's lines that start with a note's time (`[12:05] …`, as the room's notes prefill them). */
export function noteMarksOf(scorecardNotes: string): NoteMark[] {
  const marks: NoteMark[] = [];
  for (const line of scorecardNotes.split("\n")) {
    const match = /^\[(\d+):([0-5]\d)\]\s*(.+)$/.exec(line.trim());
    if (match) marks.push({ atSecond: Number(match[1]) * 60 + Number(match[2]), text: match[3] ?? "" });
  }
  return marks;
}

export function formatPlayerTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

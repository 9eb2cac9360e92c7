import { useCallback, useEffect, useRef, useState } from "react";

/** Where a moment of one side's timeline is: which of its parts, and how far into it. */
export function locatePart(durations: number[], seconds: number): { part: number; offset: number } {
  let start = 0;
  for (let part = 0; part < durations.length; part++) {
    const length = durations[part] ?? 0;
    if (seconds < start + length || part === durations.length - 1) {
      return { part, offset: Math.min(Math.max(seconds - start, 0), length) };
    }
    start += length;
  }
  return { part: 0, offset: 0 };
}

const startOf = (durations: number[], part: number) => durations.slice(0, part).reduce((sum, d) => sum + d, 0);

/**
 * Two sides on one timeline: one play button, one position, seeking moves both. Each side is
 * its parts played in order (a reload during the session started the next part), so a side's
 * video changes its source at a part's end or when a seek lands in another part. The longer
 * side sets the length; the shorter one rests at its end.
 */
export function useSyncedPlayers(sides: number[][]) {
  const videos = useRef<Array<HTMLVideoElement | null>>([]);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [parts, setParts] = useState<number[]>(() => sides.map(() => 0));
  const partsNow = useRef(parts);
  partsNow.current = parts;
  const playingNow = useRef(playing);
  playingNow.current = playing;
  /** A time to take up once a side's next part has loaded. */
  const pending = useRef<Array<number | undefined>>([]);
  const length = Math.max(0, ...sides.map((durations) => durations.reduce((sum, d) => sum + d, 0)));

  const showPart = useCallback((side: number, part: number, offset: number) => {
    const video = videos.current[side];
    if (part !== partsNow.current[side]) {
      pending.current[side] = offset;
      setParts((now) => now.map((p, i) => (i === side ? part : p)));
    } else if (video) {
      video.currentTime = Math.min(offset, Number.isFinite(video.duration) ? video.duration : offset);
    }
  }, []);

  const seek = useCallback(
    (seconds: number) => {
      const to = Math.min(Math.max(seconds, 0), length);
      sides.forEach((durations, side) => {
        const { part, offset } = locatePart(durations, to);
        showPart(side, part, offset);
      });
      setPosition(to);
    },
    [sides, length, showPart],
  );

  const toggle = useCallback(() => {
    for (const video of videos.current) {
      if (playing) video?.pause();
      else void video?.play().catch(() => undefined);
    }
    setPlaying(!playing);
  }, [playing]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const times = sides.map((durations, side) => {
        const part = partsNow.current[side] ?? 0;
        return startOf(durations, part) + (videos.current[side]?.currentTime ?? 0);
      });
      const now = Math.max(0, ...times);
      setPosition(now);
      if (now >= length) setPlaying(false);
    }, 250);
    return () => clearInterval(timer);
  }, [playing, length, sides]);

  /** Props for side `side`'s video: its element, and what it does as a part loads or ends. */
  const bind = (side: number) => ({
    ref: (video: HTMLVideoElement | null) => {
      videos.current[side] = video;
    },
    onLoadedMetadata: (event: { currentTarget: HTMLVideoElement }) => {
      const at = pending.current[side];
      if (at === undefined) return;
      pending.current[side] = undefined;
      event.currentTarget.currentTime = at;
      if (playingNow.current) void event.currentTarget.play().catch(() => undefined);
    },
    onEnded: () => {
      const next = (partsNow.current[side] ?? 0) + 1;
      if (next < (sides[side]?.length ?? 0)) showPart(side, next, 0);
    },
  });
  return { bind, parts, playing, toggle, seek, position, length };
}

import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Two videos on one timeline: one play button, one position, seeking moves both. The longer
 * recording sets the length; the shorter one rests at its end.
 */
export function useSyncedPlayers(durations: number[]) {
  const videos = useRef<Array<HTMLVideoElement | null>>([]);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const length = Math.max(0, ...durations);

  const each = useCallback((act: (video: HTMLVideoElement) => void) => {
    for (const video of videos.current) if (video) act(video);
  }, []);

  const seek = useCallback(
    (seconds: number) => {
      const to = Math.min(Math.max(seconds, 0), length);
      each((video) => {
        video.currentTime = Math.min(to, Number.isFinite(video.duration) ? video.duration : to);
      });
      setPosition(to);
    },
    [each, length],
  );

  const toggle = useCallback(() => {
    if (playing) each((video) => video.pause());
    else each((video) => void video.play().catch(() => undefined));
    setPlaying(!playing);
  }, [each, playing]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const times = videos.current.filter((v): v is HTMLVideoElement => v !== null).map((v) => v.currentTime);
      const now = Math.max(0, ...times);
      setPosition(now);
      if (now >= length) setPlaying(false);
    }, 250);
    return () => clearInterval(timer);
  }, [playing, length]);

  const bind = (index: number) => (video: HTMLVideoElement | null) => {
    videos.current[index] = video;
  };
  return { bind, playing, toggle, seek, position, length };
}

import { useCallback, useEffect, useRef, useState } from "react";
import { ROOM_MESSAGES } from "../../../../shared/room-messages.js";

export interface DeviceChoice {
  cameraId: string | undefined;
  microphoneId: string | undefined;
}

/** A phone's camera at a size a budget phone and a slow network both manage. */
const VIDEO = { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24 } };

function mediaErrorMessage(err: unknown): string {
  const name = err instanceof DOMException ? err.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return ROOM_MESSAGES.permissionDenied;
  if (name === "NotReadableError" || name === "AbortError") return ROOM_MESSAGES.deviceBusy;
  return ROOM_MESSAGES.noDevice;
}

/** The camera and microphone for the pre-join preview and the call, with the devices to choose from. */
export function useLocalMedia() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const current = useRef<MediaStream | null>(null);

  const open = useCallback(async (choice: DeviceChoice): Promise<MediaStream | null> => {
    for (const track of current.current?.getTracks() ?? []) track.stop();
    current.current = null;
    setStream(null);
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException("no media devices", "NotFoundError");
      const next = await navigator.mediaDevices.getUserMedia({
        video: choice.cameraId ? { ...VIDEO, deviceId: { exact: choice.cameraId } } : VIDEO,
        audio: choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : true,
      });
      current.current = next;
      setStream(next);
      setError(null);
      setDevices(await navigator.mediaDevices.enumerateDevices());
      return next;
    } catch (err) {
      setError(mediaErrorMessage(err));
      return null;
    }
  }, []);

  const stop = useCallback(() => {
    for (const track of current.current?.getTracks() ?? []) track.stop();
    current.current = null;
    setStream(null);
  }, []);

  useEffect(() => {
    void open({ cameraId: undefined, microphoneId: undefined });
    return () => {
      for (const track of current.current?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  return { stream, error, devices, open, stop };
}

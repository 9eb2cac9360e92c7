/** What one side sends the other to set up the call: a session description or an ICE candidate. */
export type PeerSignal = { description: RTCSessionDescriptionInit } | { candidate: RTCIceCandidateInit };

export interface PeerLinkEvents {
  signal(signal: PeerSignal): void;
  remoteStream(stream: MediaStream): void;
  state(state: RTCPeerConnectionState): void;
}

/** After this long "disconnected", the ICE path is renegotiated (an ICE restart) instead of waited for. */
const RESTART_AFTER_MS = 2_000;

/**
 * One RTCPeerConnection to the other person, negotiated with the "perfect negotiation" pattern
 * (W3C WebRTC 1.0 §10.7): after the first offer (the interviewer's), both sides may offer at any time; the
 * polite side (the student) yields when offers collide. A lost path is recovered with an ICE restart, the
 * media kept.
 */
export class PeerLink {
  private readonly pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    rtc: RTCConfiguration,
    media: MediaStream | null,
    private readonly polite: boolean,
    private readonly events: PeerLinkEvents,
  ) {
    this.pc = new RTCPeerConnection(rtc);
    for (const kind of ["audio", "video"] as const) {
      const track = media?.getTracks().find((t) => t.kind === kind);
      // Without a camera or microphone of one's own, the other person's still arrive.
      if (track && media) this.pc.addTrack(track, media);
      else this.pc.addTransceiver(kind, { direction: "recvonly" });
    }
    this.pc.ontrack = ({ track, streams }) => this.events.remoteStream(streams[0] ?? new MediaStream([track]));
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.events.signal({ candidate: candidate.toJSON() });
    };
    this.pc.onnegotiationneeded = () => void this.offer();
    this.pc.onconnectionstatechange = () => this.onStateChange();
  }

  async receive(signal: PeerSignal): Promise<void> {
    if ("candidate" in signal) {
      try {
        await this.pc.addIceCandidate(signal.candidate);
      } catch (err) {
        if (!this.ignoreOffer) throw err;
      }
      return;
    }
    const { description } = signal;
    const collision = description.type === "offer" && (this.makingOffer || this.pc.signalingState !== "stable");
    this.ignoreOffer = !this.polite && collision;
    if (this.ignoreOffer) return;
    await this.pc.setRemoteDescription(description);
    if (description.type === "offer") {
      await this.pc.setLocalDescription();
      if (this.pc.localDescription) this.events.signal({ description: this.pc.localDescription.toJSON() });
    }
  }

  /** Uses another camera or microphone without renegotiating (null stops sending that kind). */
  async replaceTrack(kind: "audio" | "video", track: MediaStreamTrack | null): Promise<void> {
    const sender = this.pc.getTransceivers().find((t) => t.receiver.track.kind === kind)?.sender;
    await sender?.replaceTrack(track);
  }

  /** A new ICE path, e.g. after the network changed; the call and its media stay. */
  restartIce(): void {
    this.pc.restartIce();
  }

  close(): void {
    clearTimeout(this.restartTimer);
    this.pc.ontrack = null;
    this.pc.onicecandidate = null;
    this.pc.onnegotiationneeded = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }

  private async offer(): Promise<void> {
    // The interviewer's side makes the first offer; the student's tracks ride in its answer. Two first offers
    // at once race in Chromium: an answer and a fresh offer from the same side, and the call never connects.
    if (this.polite && !this.pc.remoteDescription) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      if (this.pc.localDescription) this.events.signal({ description: this.pc.localDescription.toJSON() });
    } finally {
      this.makingOffer = false;
    }
  }

  private onStateChange(): void {
    const state = this.pc.connectionState;
    clearTimeout(this.restartTimer);
    if (state === "disconnected") this.restartTimer = setTimeout(() => this.restartIce(), RESTART_AFTER_MS);
    if (state === "failed") this.restartIce();
    this.events.state(state);
  }
}

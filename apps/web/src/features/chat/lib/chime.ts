/**
 * The achievement sound: a short bell-like arpeggio synthesised with the Web Audio API (no audio
 * file, nothing from a CDN). Silent, without an error, where audio is unavailable, muted by
 * the browser's autoplay policy or blocked.
 */
type AudioContextCtor = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor: AudioContextCtor | undefined =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

/** G5, C6, E6: a rising major arpeggio, each note a soft sine with a fast attack. */
const NOTES = [783.99, 1046.5, 1318.51];

export function playChime(): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const start = ctx.currentTime + 0.02;
    const master = ctx.createGain();
    master.gain.value = 0.18;
    master.connect(ctx.destination);
    NOTES.forEach((frequency, i) => {
      const at = start + i * 0.09;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(1, at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.9);
      osc.connect(gain).connect(master);
      osc.start(at);
      osc.stop(at + 0.95);
    });
  } catch {
    // No sound is fine: the unlock is also shown on screen.
  }
}

let context: AudioContext | null = null;

/**
 * SPEC 9: a success sound when paying on an account. Two short rising tones made with WebAudio, so no audio file is
 * downloaded; silently nothing where the browser has no audio (or blocks it before the first tap).
 */
export function playSuccessSound(): void {
  try {
    const Ctx = globalThis.AudioContext as typeof AudioContext | undefined;
    if (!Ctx) return;
    context ??= new Ctx();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume();
    const start = ctx.currentTime + 0.01;
    [880, 1320].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      const t = start + i * 0.11;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.25, t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.1);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.11);
    });
  } catch {
    /* a till without sound still sells */
  }
}

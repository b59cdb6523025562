//! Sounds for move, capture, check and low time, synthesised with Web Audio (no sound
//! files to ship or license). Switchable; silent until the page has had a user gesture.

export type SoundKind = "move" | "capture" | "check" | "lowtime" | "end";

let ctx: AudioContext | null = null;
let enabled = true;
/** How many sounds were asked for, by kind (the browser tests read this). */
export const played: Record<SoundKind, number> = { move: 0, capture: 0, check: 0, lowtime: 0, end: 0 };
(window as unknown as { __gxSounds: typeof played }).__gxSounds = played;

export function setSound(on: boolean): void {
  enabled = on;
}

function tone(freq: number, start: number, dur: number, type: OscillatorType, gain: number): void {
  if (!ctx) return;
  const osc = ctx.createOscillator();
  const g = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const t0 = ctx.currentTime + start;
  g.gain.setValueAtTime(gain, t0);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

export function play(kind: SoundKind): void {
  if (!enabled) return;
  played[kind]++;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === "suspended") void ctx.resume();
  } catch {
    return;
  }
  switch (kind) {
    case "move":
      tone(420, 0, 0.07, "triangle", 0.25);
      break;
    case "capture":
      tone(300, 0, 0.05, "square", 0.12);
      tone(190, 0.04, 0.1, "triangle", 0.25);
      break;
    case "check":
      tone(660, 0, 0.09, "sine", 0.2);
      tone(880, 0.1, 0.12, "sine", 0.2);
      break;
    case "lowtime":
      tone(1000, 0, 0.06, "sine", 0.15);
      break;
    case "end":
      tone(523, 0, 0.15, "sine", 0.2);
      tone(392, 0.16, 0.25, "sine", 0.2);
      break;
  }
}

// The alert sounds, synthesised with the Web Audio API (no audio files to fetch): a chunk of its own, loaded once
// sound alerts are on (decision 119). Each is under a second and rises fast, so it is heard over a busy room.
import type { AlertTone } from './alert-settings';

interface Note {
  /** Seconds after the start. */
  at: number;
  /** Hz. */
  frequency: number;
  /** Seconds until it has faded out. */
  length: number;
  wave: OscillatorType;
  /** Relative loudness (square waves sound louder than sines at the same gain). */
  level: number;
}

const TONES: Record<AlertTone, Note[]> = {
  // Two rising notes (A5, E6).
  chime: [
    { at: 0, frequency: 880, length: 0.35, wave: 'sine', level: 1 },
    { at: 0.13, frequency: 1318.5, length: 0.5, wave: 'sine', level: 0.9 },
  ],
  // A struck bell: a fundamental and two inharmonic partials, long decay.
  bell: [
    { at: 0, frequency: 660, length: 0.9, wave: 'triangle', level: 1 },
    { at: 0, frequency: 1584, length: 0.6, wave: 'sine', level: 0.35 },
    { at: 0, frequency: 2310, length: 0.35, wave: 'sine', level: 0.2 },
  ],
  // Two short beeps.
  beep: [
    { at: 0, frequency: 1000, length: 0.09, wave: 'square', level: 0.3 },
    { at: 0.16, frequency: 1000, length: 0.09, wave: 'square', level: 0.3 },
  ],
};

/** Plays the tone at `volume` (0-100) on a running context. */
export function playTone(context: AudioContext, tone: AlertTone, volume: number): void {
  if (volume <= 0) return;
  const master = context.createGain();
  // Loudness is heard logarithmically: a squared slider feels even.
  master.gain.value = (volume / 100) ** 2 * 0.8;
  master.connect(context.destination);
  const start = context.currentTime + 0.01;
  for (const note of TONES[tone]) {
    const oscillator = context.createOscillator();
    oscillator.type = note.wave;
    oscillator.frequency.value = note.frequency;
    const envelope = context.createGain();
    const t0 = start + note.at;
    envelope.gain.setValueAtTime(0.0001, t0);
    envelope.gain.exponentialRampToValueAtTime(note.level, t0 + 0.012);
    envelope.gain.exponentialRampToValueAtTime(0.0001, t0 + note.length);
    oscillator.connect(envelope).connect(master);
    oscillator.start(t0);
    oscillator.stop(t0 + note.length + 0.02);
  }
}

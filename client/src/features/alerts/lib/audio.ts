// The one AudioContext of the admin's alerts. Browsers start it only after a gesture on the page (a click, a key):
// it is created and resumed from one, and the page's first gesture anywhere unlocks it too (decision 119).
type AudioState = 'locked' | 'running' | 'unsupported';

let context: AudioContext | null = null;
const listeners = new Set<(state: AudioState) => void>();

function stateOf(ctx: AudioContext | null): AudioState {
  if (!ctx) return typeof window.AudioContext === 'function' ? 'locked' : 'unsupported';
  return ctx.state === 'running' ? 'running' : 'locked';
}

export function audioState(): AudioState {
  return stateOf(context);
}

export function onAudioState(listener: (state: AudioState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Creates (once) and resumes the context. Call it from a gesture's handler, or once the page has had one
 * (`navigator.userActivation.hasBeenActive`): otherwise the browser keeps it suspended.
 */
export function unlockAudio(): AudioState {
  if (typeof window.AudioContext !== 'function') return 'unsupported';
  if (!context) {
    context = new AudioContext();
    const created = context;
    created.addEventListener('statechange', () => listeners.forEach((listener) => listener(stateOf(created))));
  }
  if (context.state !== 'running') void context.resume().catch(() => undefined);
  return stateOf(context);
}

/** The running context, or null while the browser has not let it start. */
export function runningAudio(): AudioContext | null {
  return context?.state === 'running' ? context : null;
}

/** True once the page has had a gesture, so resuming needs no new one. */
export function pageWasActivated(): boolean {
  return navigator.userActivation?.hasBeenActive ?? false;
}

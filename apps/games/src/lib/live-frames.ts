/**
 * The live socket's frames, for the parts of a page that do not hold the socket. The hook that holds it (the table's
 * or the bingo room's) hands every frame here, and says when the socket opened again after a drop (what was pushed
 * meanwhile is lost: listeners reload). So one socket serves the page: the room chat reads its `chat` frames here.
 */
export type LiveSocketEvent = { kind: 'frame'; frame: unknown } | { kind: 'reopened' };
type Listener = (event: LiveSocketEvent) => void;

const listeners = new Set<Listener>();

export function publishLiveFrame(frame: unknown) {
  for (const listener of listeners) listener({ kind: 'frame', frame });
}

export function publishLiveReopened() {
  for (const listener of listeners) listener({ kind: 'reopened' });
}

/** Listens to the live socket's frames; answers the function that stops it. */
export function subscribeLiveFrames(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

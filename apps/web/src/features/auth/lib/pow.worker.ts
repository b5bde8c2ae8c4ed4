/// <reference lib="webworker" />
// Solves the login's proof-of-work challenge off the main thread (docs/decisions/005-member-auth.md).
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

self.onmessage = async (event: MessageEvent) => {
  try {
    const solution = await solveChallenge({ challenge: event.data, deriveKey });
    self.postMessage({ solution });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};

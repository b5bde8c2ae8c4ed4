import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { getChallenge } from '../api/auth-api.ts';

/**
 * Fetches a challenge and solves it in a Web Worker; answers the payload the server expects in `challenge`
 * (base64 of `{challenge, solution}`, as the ALTCHA widget's field holds it).
 */
export async function solvedChallenge(): Promise<string> {
  const challenge = await getChallenge();
  const worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
  try {
    const solution = await new Promise<unknown>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ solution?: unknown; error?: string }>) => {
        if (event.data.solution) resolve(event.data.solution);
        else reject(new Error(event.data.error ?? 'no solution'));
      };
      worker.onerror = () => reject(new Error('worker failed'));
      worker.postMessage(challenge);
    });
    return btoa(JSON.stringify({ challenge, solution }));
  } catch {
    throw new ApiError(0, 'challenge_required', i18n.t('auth.errors.challenge'));
  } finally {
    worker.terminate();
  }
}

import { readStorage, storageKeys, writeStorage } from './storage.ts';

/**
 * This browser's random id, made once and kept: the server limits some promotions to one claim per device and does
 * not reward a referral between two accounts of one browser (sent as the `Device` header at registration and login).
 */
export function deviceId() {
  const kept = readStorage('local', storageKeys.deviceId);
  if (kept && /^[A-Za-z0-9-]{8,64}$/.test(kept)) return kept;
  // getRandomValues, not randomUUID: it also works on a plain-http address.
  const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  writeStorage('local', storageKeys.deviceId, made);
  return made;
}

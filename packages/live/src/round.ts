import { roundStream } from '@tala/slots/fairness';
import type { ByteSource } from '@tala/slots/random';

/**
 * A shared round's provably-fair byte stream (the lottery's scheme, decision 039, on decision 007's HMAC stream):
 * each round has its own secret server seed whose SHA-256 is shown before its betting opens; the outcome is read
 * from HMAC-SHA256(key = server seed, message = `${table}/${round}:0:${counter}`) for counter 0, 1, 2, ...
 */
export function roundSource(serverSeed: string, tableCode: string, roundNo: number): ByteSource {
  return roundStream(serverSeed, `${tableCode}/${roundNo}`, 0);
}

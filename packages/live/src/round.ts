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

/**
 * A bought bingo card's byte stream: HMAC-SHA256(key = the buyer's client seed, message =
 * `${room}/${round}:${requestId}:${index}:${counter}`) for counter 0, 1, 2, ... The buyer chooses the key, so the
 * site cannot choose the card, and the draw was committed before the sale.
 */
export function cardSource(
  clientSeed: string,
  roomCode: string,
  roundNo: number,
  requestId: string,
  index: number,
): ByteSource {
  return roundStream(clientSeed, `${roomCode}/${roundNo}:${requestId}`, index);
}

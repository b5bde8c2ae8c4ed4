import { z } from 'zod';
import { envelope } from './envelope.ts';
import { tableCode } from './live.ts';

/**
 * The bingo rooms' chat beyond the player calls of bingo.ts: the body the server reads (its rules are checked by
 * the server, so each refusal has its own code) and the back office's moderation under
 * /admin-api/merchants/:code/live/... (owners and support). A room's chat is per merchant.
 */

/** POST /wps/bingo/rooms/:code/chat. `roomChatBody` (bingo.ts) is the client's own check of the same rules. */
export const roomChatPostBody = z.object({ text: z.string() });

/** Longest mute an operator may give, in minutes (7 days); 0 lifts a mute. */
export const MAX_ROOM_CHAT_MUTE_MINUTES = 7 * 24 * 60;

const merchantCode = z.string().regex(/^[a-z0-9-]{2,32}$/);
export const roomChatOfficeMerchantParams = z.object({ code: merchantCode });
export const roomChatOfficeParams = z.object({ code: merchantCode, room: tableCode });
export const roomChatOfficeMessageParams = z.object({
  code: merchantCode,
  room: tableCode,
  id: z.coerce.number().int().positive(),
});

/** A bingo room and its chat of one merchant, for the moderators' room picker. */
export const roomChatOfficeRoom = z.object({
  code: z.string(),
  game: z.string(),
  name: z.string(),
  /** Messages in the last 24 hours (shown and hidden). */
  messagesToday: z.number().int(),
  lastMessageAt: z.string().nullable(),
});
export type RoomChatOfficeRoom = z.infer<typeof roomChatOfficeRoom>;
export const roomChatOfficeRoomsResponse = envelope(z.object({ list: z.array(roomChatOfficeRoom) }));

/** A message as moderators see it: who wrote it (unmasked) and whether it was hidden, when and by whom. */
export const roomChatOfficeMessage = z.object({
  id: z.number().int(),
  roomCode: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  /** The name the players see. */
  author: z.string(),
  text: z.string(),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenBy: z.string().nullable(),
});
export type RoomChatOfficeMessage = z.infer<typeof roomChatOfficeMessage>;

export const roomChatMute = z.object({
  memberId: z.number().int(),
  username: z.string(),
  until: z.string(),
  mutedBy: z.string(),
});
export type RoomChatMute = z.infer<typeof roomChatMute>;

/** The room's last 100 messages of the merchant (newest last, hidden ones included) and its members muted now. */
export const roomChatOfficeResponse = envelope(
  z.object({ list: z.array(roomChatOfficeMessage), mutes: z.array(roomChatMute) }),
);
export const roomChatOfficeMessageResponse = envelope(roomChatOfficeMessage);

/** Mutes a member in the room's chat for `minutes` (0 lifts the mute); checked by the server. */
export const roomChatMuteBody = z.object({ memberId: z.number(), minutes: z.number() });
export type RoomChatMuteBody = z.infer<typeof roomChatMuteBody>;
export const roomChatMuteResponse = envelope(
  z.object({ memberId: z.number().int(), until: z.string().nullable() }),
);

// ---------------------------------------------------------------------------------------------- the text's rules
// One copy for the server (which decides) and the games client (which warns before sending).

/** Line breaks and tabs become spaces; other control characters and the bidirectional overrides (which can make
 * a message read backwards over the ones after it) are dropped; runs of spaces shrink to one. */
const DROPPED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this drops
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function normaliseRoomChatText(text: string): string {
  return text.normalize('NFC').replace(DROPPED, '').replace(/\s+/g, ' ').trim();
}

/** A web address: a scheme, www., or a name ending in a common top-level domain ("bit.ly/x", "win-big.com"). */
const LINK =
  /(?:[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\s?\.\s?(?:com|net|org|info|biz|io|co|ph|me|xyz|top|vip|app|site|online|club|cc|tv|link|shop|bet|casino|asia|ly|gg|to|in|us|uk)\b)/i;
/** A phone number: seven or more digits, with spaces, dots, dashes or brackets between them, maybe a leading +. */
const PHONE = /(?:\+\s*)?\d(?:[\s.()-]*\d){6,}/;

export type RoomChatTextProblem =
  | 'room_chat_text_empty'
  | 'room_chat_text_too_long'
  | 'room_chat_link_not_allowed'
  | 'room_chat_phone_not_allowed';

/** What is wrong with a (normalised) message, if anything: the error code the server answers with. */
export function roomChatTextProblem(text: string, maxChars: number): RoomChatTextProblem | null {
  if (text.length === 0) return 'room_chat_text_empty';
  if (text.length > maxChars) return 'room_chat_text_too_long';
  if (LINK.test(text)) return 'room_chat_link_not_allowed';
  if (PHONE.test(text)) return 'room_chat_phone_not_allowed';
  return null;
}

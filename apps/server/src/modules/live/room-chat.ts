// The bingo rooms' chat (issue 16 item 3), moderated like live chat: the same flood guard and limits as the support
// chat (CHAT_FLOOD_*, counted over every process by lib/rate-limits.ts), text checked by the shared rules (contracts/room-chat.ts: length,
// no links, no phone numbers), authors shown masked, operators (owner, support) hide messages and mute members.
// A room's chat is per merchant. New and hidden messages go out on the change feed (lib/change-feed.ts), which the
// PostgreSQL relay carries to the other server processes; each process pushes them to its own sockets watching
// the room, of that merchant only.
import type { OperatorRole } from '@tala/contracts/admin';
import { type BingoServerFrame, MAX_ROOM_CHAT_CHARS, type RoomChatMessage } from '@tala/contracts/bingo';
import { TRIAL_TYPE } from '@tala/contracts/members';
import {
  MAX_ROOM_CHAT_MUTE_MINUTES,
  normaliseRoomChatText,
  type RoomChatMuteBody,
  type RoomChatOfficeMessage,
  roomChatTextProblem,
} from '@tala/contracts/room-chat';
import { isStorableText } from '@tala/contracts/storable-text';
import { CHAT_FLOOD_LIMIT, CHAT_FLOOD_WINDOW_MS } from '@tala/contracts/support';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { type ChangeFeed, changes } from '../../lib/change-feed.ts';
import { timeInZone } from '../../lib/format-time.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { maskName } from '../games/game-records.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { LiveHub } from './live-hub.ts';
import { type RoomChatRow, roomChatRepository } from './room-chat.repository.ts';

/** Messages a player's room chat opens with. */
export const ROOM_CHAT_HISTORY = 50;
/** Messages a moderator sees of a room. */
export const ROOM_CHAT_OFFICE_HISTORY = 100;
/** Who moderates the room chat. */
export const ROOM_CHAT_MODERATORS: readonly OperatorRole[] = ['owner', 'support'];

/** A member posting: who, of which merchant, and whether a trial account (refused). */
export type ChatMember = { id: number; merchant_id: number; type: number };
export type ChatModerator = { id: number; name: string; role: OperatorRole; ip: string };

const iso = (date: Date | string) => new Date(date).toISOString();

function playerView(row: RoomChatRow): Omit<RoomChatMessage, 'mine'> {
  return {
    id: Number(row.id),
    roomCode: row.room_code,
    author: maskName(row.username),
    text: row.text,
    createdAt: iso(row.created_at),
  };
}

function officeView(row: RoomChatRow): RoomChatOfficeMessage {
  return {
    ...playerView(row),
    memberId: row.member_id,
    username: row.username,
    hiddenAt: row.hidden_at ? iso(row.hidden_at) : null,
    hiddenBy: row.hidden_by_name,
  };
}

export function roomChatService(deps: {
  db: Database;
  audit: AuditService;
  hub: Pick<LiveHub, 'watchersOf'>;
  /** The change feed carrying messages between processes (the process's own unless a test gives another). */
  feed?: ChangeFeed;
  /** The flood limit counts a member's messages over every process. */
  rateLimits: RateLimits;
}) {
  const { db, audit, hub } = deps;
  const feed = deps.feed ?? changes;
  const repository = roomChatRepository(db);

  function send(socket: WebSocket, frame: BingoServerFrame) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  }

  async function push(change: {
    on: 'roomChat' | 'roomChatHidden';
    merchantId: number;
    roomCode: string;
    id: number;
  }) {
    const sockets = hub.watchersOf(change.roomCode, change.merchantId);
    if (sockets.length === 0) return;
    if (change.on === 'roomChatHidden') {
      for (const socket of sockets)
        send(socket, { type: 'chatHidden', roomCode: change.roomCode, id: change.id });
      return;
    }
    const row = await repository.message(change.id);
    // Hidden before it could be pushed: the chatHidden that follows has nothing to take back.
    if (!row || row.hidden_at) return;
    const frame: BingoServerFrame = { type: 'chat', message: playerView(row) };
    for (const socket of sockets) send(socket, frame);
  }

  feed.subscribe((change) => {
    if (change.on !== 'roomChat' && change.on !== 'roomChatHidden') return;
    push(change).catch(() => {
      // The database away: this message is not pushed; the room's list has it when the chat is read again.
    });
  });

  /** A room of the merchant's currency (another currency's rooms are none of its merchants', decision 069). */
  async function room(merchant: Merchant, code: string) {
    const found = await repository.room(code, merchant.settings.whitelabel.currency);
    if (!found) throw new AppError('room_chat_room_not_found', 'code');
    return found;
  }

  function checkModerator(operator: ChatModerator) {
    if (!ROOM_CHAT_MODERATORS.includes(operator.role)) throw new AppError('forbidden');
  }

  return {
    /** The room's last messages shown to the merchant's members, oldest first (a guest may read them). */
    async messages(
      merchant: Merchant,
      roomCode: string,
      viewer: { id: number } | null,
    ): Promise<RoomChatMessage[]> {
      await room(merchant, roomCode);
      const rows = await repository.recent(merchant.id, roomCode, ROOM_CHAT_HISTORY, false);
      return rows.map((row) => ({
        ...playerView(row),
        mine: viewer !== null && row.member_id === viewer.id,
      }));
    },

    /** A real member's message: checked, stored, then pushed to every process's sockets watching the room. */
    async post(
      merchant: Merchant,
      member: ChatMember,
      roomCode: string,
      text: string,
    ): Promise<RoomChatMessage> {
      if (member.merchant_id !== merchant.id) throw new AppError('not_logged_in');
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
      await room(merchant, roomCode);
      if (!isStorableText(text)) throw new AppError('text_not_storable', 'text');
      const clean = normaliseRoomChatText(text);
      const problem = roomChatTextProblem(clean, MAX_ROOM_CHAT_CHARS);
      if (problem) throw new AppError(problem, 'text', { max: MAX_ROOM_CHAT_CHARS });
      const muted = await repository.mutedUntil(merchant.id, roomCode, member.id);
      if (muted)
        throw new AppError(
          'room_chat_muted',
          'text',
          { until: timeInZone(new Date(muted), merchant.settings.whitelabel.timeZone) },
          { until: iso(muted) },
        );
      const { count } = await deps.rateLimits.hit(
        'room-chat-flood',
        CHAT_FLOOD_WINDOW_MS,
        `${merchant.id}:${member.id}`,
      );
      if (count > CHAT_FLOOD_LIMIT) throw new AppError('chat_flood', 'text');
      const id = await repository.insert({
        roomCode,
        merchantId: merchant.id,
        memberId: member.id,
        text: clean,
      });
      const row = await repository.message(id);
      if (!row) throw new AppError('room_chat_message_not_found', 'id');
      feed.publish(db, { on: 'roomChat', merchantId: merchant.id, roomCode, id });
      return { ...playerView(row), mine: true };
    },

    // ------------------------------------------------------------------------------------------ the back office

    /** The bingo rooms, each with the merchant's chat of the last day, for the moderators' picker. */
    async officeRooms(operator: ChatModerator, merchant: Merchant) {
      checkModerator(operator);
      return (await repository.rooms(merchant.id, merchant.settings.whitelabel.currency)).map((r) => ({
        code: r.code,
        game: r.game,
        name: r.name,
        messagesToday: Number(r.messages),
        lastMessageAt: r.last_at ? iso(r.last_at as Date) : null,
      }));
    },

    async officeMessages(operator: ChatModerator, merchant: Merchant, roomCode: string) {
      checkModerator(operator);
      await room(merchant, roomCode);
      const [rows, mutes] = await Promise.all([
        repository.recent(merchant.id, roomCode, ROOM_CHAT_OFFICE_HISTORY, true),
        repository.mutes(merchant.id, roomCode),
      ]);
      return {
        list: rows.map(officeView),
        mutes: mutes.map((m) => ({
          memberId: m.member_id,
          username: m.username,
          until: iso(m.until),
          mutedBy: m.muted_by_name,
        })),
      };
    },

    /** Hides a message for everyone (once: hiding a hidden message changes nothing). */
    async hide(operator: ChatModerator, merchant: Merchant, roomCode: string, id: number) {
      checkModerator(operator);
      await room(merchant, roomCode);
      const row = await repository.message(id);
      if (!row || row.merchant_id !== merchant.id || row.room_code !== roomCode)
        throw new AppError('room_chat_message_not_found', 'id');
      const hidden = await db.transaction().execute(async (trx) => {
        if (!(await repository.hide(trx, id, operator.id))) return false;
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'live.room_chat.hide',
          target: `room_chat_message:${id}`,
          before: { roomCode, memberId: row.member_id, text: row.text },
          ip: operator.ip,
        });
        return true;
      });
      if (hidden) feed.publish(db, { on: 'roomChatHidden', merchantId: merchant.id, roomCode, id });
      const after = await repository.message(id);
      return officeView(after ?? row);
    },

    /** Mutes a member of the merchant in the room's chat for some minutes (0 lifts the mute). */
    async mute(operator: ChatModerator, merchant: Merchant, roomCode: string, body: RoomChatMuteBody) {
      checkModerator(operator);
      await room(merchant, roomCode);
      if (!Number.isInteger(body.minutes) || body.minutes < 0 || body.minutes > MAX_ROOM_CHAT_MUTE_MINUTES)
        throw new AppError('room_chat_mute_minutes_invalid', 'minutes', { max: MAX_ROOM_CHAT_MUTE_MINUTES });
      // A member id is a PostgreSQL integer: anything else is no member.
      const member =
        Number.isInteger(body.memberId) && body.memberId > 0 && body.memberId <= 2_147_483_647
          ? await repository.memberOf(merchant.id, body.memberId)
          : null;
      if (!member) throw new AppError('room_chat_member_not_found', 'memberId');
      const until = body.minutes === 0 ? null : new Date(Date.now() + body.minutes * 60_000);
      await db.transaction().execute(async (trx) => {
        await repository.setMute(trx, {
          merchantId: merchant.id,
          roomCode,
          memberId: member.id,
          until,
          operatorId: operator.id,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: until ? 'live.room_chat.mute' : 'live.room_chat.unmute',
          target: `member:${member.id}`,
          after: { roomCode, minutes: body.minutes },
          ip: operator.ip,
        });
      });
      return { memberId: member.id, until: until ? until.toISOString() : null };
    },
  };
}

export type RoomChatService = ReturnType<typeof roomChatService>;

import { MAX_ROOM_CHAT_CHARS } from '@tala/contracts/bingo';
import { TRIAL_TYPE } from '@tala/contracts/members';
import { CHAT_FLOOD_LIMIT } from '@tala/contracts/support';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { postgresChangeRelay } from '../../db/change-relay.ts';
import { changeFeed } from '../../lib/change-feed.ts';
import { memoryRateLimits } from '../../lib/rate-limits.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember as member } from '../lottery/lottery-testing.ts';
import { roomChatService } from './room-chat.ts';

// The bingo rooms' chat (issue 16 item 3): guests read, real members post, each merchant sees its own members'
// messages only; hostile text, flooding and muted members are refused with their own codes; moderators (owner,
// support) hide messages and mute members, and a hidden message leaves every socket watching the room; a message
// reaches the sockets of another server process through the change relay.

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');

// Bingo rooms (live_tables rows of game bingo75) made for the chat alone.
for (const code of ['CHAT-1', 'CHAT-2', 'CHAT-3']) {
  await sql`INSERT INTO live_tables (code, game, name, min_bet, max_bet, betting_seconds, result_seconds, card_price,
                                     max_cards, ball_ms, prize_shares, currency)
            VALUES (${code}, 'bingo75', ${`Chat room ${code}`}, 1000, 4000, 60, 300, 1000, 4, 3000,
                    '[{"pattern":"line","sharePermille":150},{"pattern":"fullHouse","sharePermille":500}]'::jsonb, 'PHP')
            ON CONFLICT (code) DO NOTHING`.execute(services.db);
}

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, auth?: string, payload?: unknown, merchant = 'tala') =>
  app.inject({
    method,
    url,
    headers: { merchant, ...(auth ? { authorization: auth } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const chatUrl = (room: string) => `/wps/bingo/rooms/${room}/chat`;
const post = (room: string, token: string | undefined, text: unknown, merchant = 'tala') =>
  call('POST', chatUrl(room), token, { text }, merchant);
const read = (room: string, token?: string, merchant = 'tala') =>
  call('GET', chatUrl(room), token, undefined, merchant);
const office = (room: string, merchant = 'tala') =>
  `/admin-api/merchants/${merchant}/live/rooms/${room}/chat`;

type Message = {
  id: number;
  roomCode: string;
  author: string;
  text: string;
  createdAt: string;
  mine: boolean;
};
type Frame = { type: string; message?: Omit<Message, 'mine'>; roomCode?: string; id?: number };

async function waitFor(check: () => boolean, what: () => string, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

describe('reading and posting in a room’s chat', () => {
  it('lets a real member post, shows it masked to the merchant’s members and guests, and to no other merchant', async () => {
    const writer = await member(services, tala, 0);
    const reader = await member(services, tala, 0);
    const other = await member(services, lucky, 0);
    const posted = await post('CHAT-1', writer.token, '  Good luck   everyone!  ');
    expect(posted.statusCode).toBe(200);
    const message = posted.json().value as Message;
    expect(message).toMatchObject({ roomCode: 'CHAT-1', text: 'Good luck everyone!', mine: true });
    const username = (
      await services.db
        .selectFrom('members')
        .select('username')
        .where('id', '=', writer.id)
        .executeTakeFirstOrThrow()
    ).username;
    expect(message.author).not.toBe(username);
    expect(message.author).toContain('*');
    expect(message.author[0]).toBe(username[0]);

    const mine = (await read('CHAT-1', writer.token)).json().value.list as Message[];
    expect(mine.at(-1)).toMatchObject({ id: message.id, mine: true });
    const theirs = (await read('CHAT-1', reader.token)).json().value.list as Message[];
    expect(theirs.at(-1)).toMatchObject({ id: message.id, mine: false, author: message.author });
    const guest = await read('CHAT-1');
    expect(guest.statusCode).toBe(200);
    expect((guest.json().value.list as Message[]).at(-1)).toMatchObject({ id: message.id, mine: false });
    // Another merchant's members (and guests) see none of it, and their own messages stay theirs.
    expect((await read('CHAT-1', other.token, 'lucky')).json().value.list).toEqual([]);
    expect((await read('CHAT-1', undefined, 'lucky')).json().value.list).toEqual([]);
    expect((await post('CHAT-1', other.token, 'Hello from lucky', 'lucky')).statusCode).toBe(200);
    const talaList = (await read('CHAT-1')).json().value.list as Message[];
    expect(talaList.map((m) => m.text)).not.toContain('Hello from lucky');
    // A member's session is for its own merchant's site.
    expect((await post('CHAT-1', other.token, 'wrong site')).json().errorCode).toBe('not_logged_in');
  });

  it('lists the last 50 messages, oldest first', async () => {
    const writers = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(() => member(services, tala, 0)));
    for (let i = 0; i < 55; i++) {
      const writer = writers[i % writers.length] as { token: string };
      expect((await post('CHAT-2', writer.token, `message ${i}`)).statusCode).toBe(200);
    }
    const list = (await read('CHAT-2')).json().value.list as Message[];
    expect(list).toHaveLength(50);
    expect(list[0]?.text).toBe('message 5');
    expect(list.at(-1)?.text).toBe('message 54');
  });

  it('refuses guests, trial members and unknown rooms', async () => {
    expect((await post('CHAT-1', undefined, 'hi')).statusCode).toBe(401);
    expect((await post('CHAT-1', undefined, 'hi')).json().errorCode).toBe('not_logged_in');
    const trial = await member(services, tala, 0, TRIAL_TYPE);
    const refused = await post('CHAT-1', trial.token, 'hi');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('in_need_true_account');
    // A trial member may still read.
    expect((await read('CHAT-1', trial.token)).statusCode).toBe(200);
    const writer = await member(services, tala, 0);
    for (const room of ['NOPE-1', 'BAC-1']) {
      const unknown = await post(room, writer.token, 'hi');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().errorCode).toBe('room_chat_room_not_found');
      expect((await read(room)).json().errorCode).toBe('room_chat_room_not_found');
    }
    expect((await read('bad code')).json().errorCode).toBe('validation_failed');
  });

  it('refuses hostile and unwanted text with its own code, and stores nothing of it', async () => {
    const writer = await member(services, tala, 0);
    const before = (await read('CHAT-3')).json().value.list.length;
    const cases: [unknown, number, string][] = [
      ['a\u0000b', 400, 'text_not_storable'],
      ['', 400, 'room_chat_text_empty'],
      ['  \n\t ', 400, 'room_chat_text_empty'],
      ['x'.repeat(MAX_ROOM_CHAT_CHARS + 1), 400, 'room_chat_text_too_long'],
      ['join me at https://example.test/win', 400, 'room_chat_link_not_allowed'],
      ['www.bingo-cheats.xyz', 400, 'room_chat_link_not_allowed'],
      ['go to lucky-win.com now', 400, 'room_chat_link_not_allowed'],
      ['text me 0917 123 4567', 400, 'room_chat_phone_not_allowed'],
      ['call +63-917-555-0101', 400, 'room_chat_phone_not_allowed'],
      [42, 400, 'validation_failed'],
      [undefined, 400, 'validation_failed'],
    ];
    for (const [text, status, code] of cases) {
      const response = await post('CHAT-3', writer.token, text);
      expect({ text, status: response.statusCode, code: response.json().errorCode }).toEqual({
        text,
        status,
        code,
      });
      expect(response.json().message).toBeTruthy();
    }
    // A lone surrogate, as JSON can carry it.
    const surrogate = await app.inject({
      method: 'POST',
      url: chatUrl('CHAT-3'),
      headers: { merchant: 'tala', authorization: writer.token, 'content-type': 'application/json' },
      payload: '{"text":"half \\ud800 a pair"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toMatchObject({ errorCode: 'text_not_storable', field: 'text' });
    // The too-long refusal says the limit, in the member's language.
    const tagalog = await app.inject({
      method: 'POST',
      url: chatUrl('CHAT-3'),
      headers: { merchant: 'tala', authorization: writer.token, language: 'TY' },
      payload: { text: 'x'.repeat(MAX_ROOM_CHAT_CHARS + 1) },
    });
    expect(tagalog.json().message).toContain(String(MAX_ROOM_CHAT_CHARS));
    expect(tagalog.json().message).toMatch(/Hanggang/);
    expect((await read('CHAT-3')).json().value.list.length).toBe(before);
    // Exactly the limit passes; bingo talk with a few numbers passes; control characters are dropped.
    expect((await post('CHAT-3', writer.token, 'y'.repeat(MAX_ROOM_CHAT_CHARS))).statusCode).toBe(200);
    expect((await post('CHAT-3', writer.token, 'B12 N34 G55, one more for 2 lines!')).statusCode).toBe(200);
    const cleaned = await post('CHAT-3', writer.token, 'ab\u0007c\u202Edef');
    expect(cleaned.json().value.text).toBe('abcdef');
  });

  it('refuses a member who sends too fast, as live chat does (chat_flood)', async () => {
    const writer = await member(services, tala, 0);
    for (let i = 0; i < CHAT_FLOOD_LIMIT; i++)
      expect((await post('CHAT-3', writer.token, `fast ${i}`)).statusCode).toBe(200);
    const flooded = await post('CHAT-3', writer.token, 'one too many');
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().errorCode).toBe('chat_flood');
    // Others are not held back by it.
    const calm = await member(services, tala, 0);
    expect((await post('CHAT-3', calm.token, 'calm')).statusCode).toBe(200);
  });
});

describe('moderation in the back office', () => {
  it('lets support and owners list, hide and mute, and no other role', async () => {
    const writer = await member(services, tala, 0);
    const { id } = (await post('CHAT-1', writer.token, 'to be moderated')).json().value as Message;
    for (const [auth, status] of [
      [undefined, 401],
      [finance, 403],
      [content, 403],
    ] as const) {
      expect((await call('GET', office('CHAT-1'), auth)).statusCode).toBe(status);
      expect((await call('GET', '/admin-api/merchants/tala/live/chat-rooms', auth)).statusCode).toBe(status);
      expect((await call('POST', `${office('CHAT-1')}/${id}/hide`, auth, {})).statusCode).toBe(status);
      expect(
        (await call('POST', `${office('CHAT-1')}/mutes`, auth, { memberId: writer.id, minutes: 5 }))
          .statusCode,
      ).toBe(status);
      // A member's token is no operator's.
      expect((await call('GET', office('CHAT-1'), writer.token)).statusCode).toBe(401);
    }
    // Still shown: nobody above could hide it.
    expect(((await read('CHAT-1')).json().value.list as Message[]).some((m) => m.id === id)).toBe(true);

    for (const auth of [owner, support]) {
      const rooms = await call('GET', '/admin-api/merchants/tala/live/chat-rooms', auth);
      expect(rooms.statusCode).toBe(200);
      const room = (rooms.json().value.list as { code: string; messagesToday: number }[]).find(
        (r) => r.code === 'CHAT-1',
      );
      expect(room?.messagesToday).toBeGreaterThan(0);
      const listed = await call('GET', office('CHAT-1'), auth);
      expect(listed.statusCode).toBe(200);
      const found = (
        listed.json().value.list as { id: number; memberId: number; hiddenAt: string | null }[]
      ).find((m) => m.id === id);
      expect(found).toMatchObject({ memberId: writer.id });
    }
    // Another merchant's moderator view has no tala messages.
    const luckyList = (await call('GET', office('CHAT-1', 'lucky'), support)).json().value.list as {
      text: string;
    }[];
    expect(luckyList.map((m) => m.text)).not.toContain('to be moderated');
  });

  it('hides a message for everyone: gone from the list and a chatHidden frame to every socket watching', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const sockets: WebSocket[] = [];
    const watch = async (merchant: string) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/wps/live/socket`, {
        headers: { merchant },
      });
      sockets.push(socket);
      const frames: Frame[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'watch', tables: ['CHAT-1'] }));
      await waitFor(
        () => services.liveHub.sockets() >= sockets.length,
        () => 'the watch',
      );
      return frames;
    };
    try {
      const one = await watch('tala');
      const two = await watch('tala');
      const elsewhere = await watch('lucky');
      const writer = await member(services, tala, 0);
      const message = (await post('CHAT-1', writer.token, 'seen by both sockets')).json().value as Message;
      const chatOf = (frames: Frame[]) =>
        frames.find((f) => f.type === 'chat' && f.message?.id === message.id);
      await waitFor(
        () => !!chatOf(one) && !!chatOf(two),
        () => JSON.stringify([one, two]),
      );
      expect(chatOf(two)?.message).toEqual({
        id: message.id,
        roomCode: 'CHAT-1',
        author: message.author,
        text: 'seen by both sockets',
        createdAt: message.createdAt,
      });

      const hidden = await call('POST', `${office('CHAT-1')}/${message.id}/hide`, support, {});
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json().value).toMatchObject({ id: message.id, hiddenBy: 'support' });
      expect(hidden.json().value.hiddenAt).not.toBeNull();
      const hiddenOf = (frames: Frame[]) =>
        frames.find((f) => f.type === 'chatHidden' && f.id === message.id);
      await waitFor(
        () => !!hiddenOf(one) && !!hiddenOf(two),
        () => JSON.stringify([one, two]),
      );
      expect(hiddenOf(one)).toEqual({ type: 'chatHidden', roomCode: 'CHAT-1', id: message.id });
      // Another merchant's socket watching the same room heard none of it.
      expect(elsewhere.filter((f) => f.type === 'chat' || f.type === 'chatHidden')).toEqual([]);
      // Gone from the players' list; still in the moderators', marked hidden; hiding again changes nothing.
      for (const token of [undefined, writer.token]) {
        const list = (await read('CHAT-1', token)).json().value.list as Message[];
        expect(list.some((m) => m.id === message.id)).toBe(false);
      }
      const again = await call('POST', `${office('CHAT-1')}/${message.id}/hide`, owner, {});
      expect(again.json().value.hiddenBy).toBe('support');
      expect(
        (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log
                                  WHERE action = 'live.room_chat.hide' AND target = ${`room_chat_message:${message.id}`}`.execute(
            services.db,
          )
        ).rows[0]?.n,
      ).toBe(1);
      // A message of another room or merchant, or none, is not found under this room.
      const stranger = await member(services, lucky, 0);
      const luckyMessage = (await post('CHAT-1', stranger.token, 'lucky only', 'lucky')).json()
        .value as Message;
      for (const url of [
        `${office('CHAT-1')}/${luckyMessage.id}/hide`,
        `${office('CHAT-2')}/${message.id}/hide`,
        `${office('CHAT-1')}/999999999/hide`,
      ]) {
        const refused = await call('POST', url, support, {});
        expect(refused.statusCode).toBe(404);
        expect(refused.json().errorCode).toBe('room_chat_message_not_found');
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('mutes a member in one room for a time, and lifts it', async () => {
    const writer = await member(services, tala, 0);
    const stranger = await member(services, lucky, 0);
    const mute = (body: unknown, auth = support) => call('POST', `${office('CHAT-2')}/mutes`, auth, body);
    for (const minutes of [-1, 1.5, 7 * 24 * 60 + 1]) {
      const refused = await mute({ memberId: writer.id, minutes });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errorCode).toBe('room_chat_mute_minutes_invalid');
    }
    const notHere = await mute({ memberId: stranger.id, minutes: 5 });
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().errorCode).toBe('room_chat_member_not_found');

    const muted = await mute({ memberId: writer.id, minutes: 30 });
    expect(muted.statusCode).toBe(200);
    expect(new Date(muted.json().value.until).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    const refused = await post('CHAT-2', writer.token, 'can I talk?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'room_chat_muted', until: muted.json().value.until });
    // The message says the end as a member reads a time, in the merchant's zone (the ISO form is in `until`).
    expect(refused.json().message).toMatch(
      /muted you in this room’s chat until \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
    );
    // Another room is open to them.
    expect((await post('CHAT-1', writer.token, 'here I can')).statusCode).toBe(200);
    const listed = (await call('GET', office('CHAT-2'), owner)).json().value.mutes as { memberId: number }[];
    expect(listed.map((m) => m.memberId)).toContain(writer.id);

    expect((await mute({ memberId: writer.id, minutes: 0 }, owner)).json().value.until).toBeNull();
    expect((await post('CHAT-2', writer.token, 'back again')).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('room chat across two server processes', () => {
  it('pushes a message posted in one process to the watching sockets of another, through the change relay', async () => {
    const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(services.db)).rows[0]
      ?.name as string;
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    // Two processes: each its own change feed, relay, hub and room chat (the hubs hold one stand-in socket each).
    const stops: (() => Promise<void>)[] = [];
    const processes = await Promise.all(
      [0, 1].map(async () => {
        const feed = changeFeed();
        stops.push(feed.connect(await postgresChangeRelay(url.toString(), services.db, feed)));
        const sent: string[] = [];
        const socket = {
          OPEN: 1,
          readyState: 1,
          send: (data: string) => sent.push(data),
        } as unknown as WebSocket;
        const chat = roomChatService({
          db: services.db,
          audit: services.audit,
          hub: {
            watchersOf: (code, merchantId) => (code === 'CHAT-3' && merchantId === tala.id ? [socket] : []),
          },
          feed,
          rateLimits: memoryRateLimits(),
        });
        return { chat, sent };
      }),
    );
    try {
      const [first, second] = processes as [(typeof processes)[0], (typeof processes)[0]];
      const writer = await member(services, tala, 0);
      const memberRow = await services.db
        .selectFrom('members')
        .select(['id', 'merchant_id', 'type'])
        .where('id', '=', writer.id)
        .executeTakeFirstOrThrow();
      const message = await first.chat.post(tala, memberRow, 'CHAT-3', 'across processes');
      await waitFor(
        () => second.sent.length > 0 && first.sent.length > 0,
        () => JSON.stringify(second.sent),
      );
      expect(JSON.parse(second.sent[0] as string)).toMatchObject({
        type: 'chat',
        message: { id: message.id, text: 'across processes', roomCode: 'CHAT-3' },
      });
      // Each process pushes it once (its own at once, the other's from the relay, never twice).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(first.sent).toHaveLength(1);
      expect(second.sent).toHaveLength(1);
    } finally {
      for (const stop of stops) await stop();
    }
  });
});

afterAll(() => app.close());

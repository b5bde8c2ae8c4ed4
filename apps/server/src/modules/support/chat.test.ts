// Live chat over real WebSockets against the server listening on a random loopback port.
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { newMember } from '../members/member-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: frames are checked by the assertions, not by types
type Frame = Record<string, any> & { type: string };
const json = async (response: Response) => (await response.json()) as Frame;

const { database, app: seeded } = await testApp();
const member = await newMember(seeded, { merchant: 'tala', ip: '10.70.0.1' });
const supportToken = (await operatorAuth(seeded, 'support', 'support-demo-1')).slice(7);
const ownerToken = (await operatorAuth(seeded, 'owner', 'owner-demo-1')).slice(7);
const financeToken = (await operatorAuth(seeded, 'finance', 'finance-demo-1')).slice(7);

async function startServer() {
  const { app } = await buildApp({ db: database.db, serveApps: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}` };
}
let server = await startServer();
afterAll(async () => {
  await server.app.close();
});

/** A socket that records every frame, so a test can wait for the one it expects. */
class Client {
  readonly frames: Frame[] = [];
  private waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly closed: Promise<number>;
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  static async open(url: string, headers: Record<string, string> = {}) {
    const socket = new WebSocket(url, { headers });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new Client(socket);
  }

  send(frame: unknown) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or still to come) that passes the test. */
  next(test: (f: Frame) => boolean, ms = 5000): Promise<Frame> {
    const seen = this.frames.find(test);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no frame within ${ms} ms; got ${JSON.stringify(this.frames)}`)),
        ms,
      );
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          this.frames.splice(this.frames.indexOf(f), 1);
          resolve(f);
        },
      });
    });
  }

  type(type: string, extra: (f: Frame) => boolean = () => true) {
    return this.next((f) => f.type === type && extra(f));
  }

  close() {
    this.socket.close();
  }
}

async function guestCookie() {
  const response = await fetch(`${server.http}/wps/support/chat/session`, {
    method: 'POST',
    headers: { merchant: 'tala' },
  });
  const cookie = response.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/^tala_chat_guest=[\w-]{22}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
  return cookie.split(';')[0] as string;
}

async function guest(cookie: string) {
  const client = await Client.open(`${server.ws}/wps/support/chat?merchant=tala`, { cookie });
  client.send({ type: 'hello' });
  const ready = await client.type('ready');
  return { client, ready };
}

async function operator(token = supportToken) {
  const client = await Client.open(`${server.ws}/admin-api/support/chat`);
  client.send({ type: 'hello', token });
  const ready = await client.type('ready');
  return { client, ready };
}

let counter = 0;
const clientId = () => `msg-${Date.now().toString(36)}-${++counter}`;

describe('live chat between a guest and operators', () => {
  it('queues, takes, answers, types, reads and counts unread, both ways', async () => {
    const cookie = await guestCookie();
    const { client: console1, ready: consoleReady } = await operator();
    expect(consoleReady.operator).toMatchObject({ username: 'support' });
    const { client: visitor, ready } = await guest(cookie);
    expect(ready).toMatchObject({
      visitor: { kind: 'guest' },
      greeting: 'Hello! How can we help you today?',
      conversation: null,
      messages: [],
    });

    const first = clientId();
    visitor.send({ type: 'send', clientId: first, body: 'Hello, my deposit is missing' });
    const ack = await visitor.type('ack');
    expect(ack).toMatchObject({
      clientId: first,
      message: { sender: 'visitor', body: 'Hello, my deposit is missing' },
    });
    const conversationId = ack.message.conversationId;
    expect((await console1.type('message')).message.id).toBe(ack.message.id);
    const queued = await console1.type('conversation');
    expect(queued.conversation).toMatchObject({
      id: conversationId,
      status: 'queued',
      unread: 1,
      merchantCode: 'tala',
    });

    visitor.send({ type: 'typing', typing: true });
    expect(await console1.type('typing')).toEqual({ type: 'typing', conversationId, typing: true });

    console1.send({ type: 'take', conversationId });
    const taken = await visitor.type('message', (f) => f.message.event === 'taken');
    expect(taken.message).toMatchObject({ sender: 'system', operatorName: 'support' });
    expect(
      (await visitor.type('conversation', (f) => f.conversation.status === 'active')).conversation,
    ).toMatchObject({
      status: 'active',
      operatorName: 'support',
    });

    const reply = clientId();
    console1.send({ type: 'send', conversationId, clientId: reply, body: 'Let me check that for you.' });
    const replyAck = await console1.type('ack');
    const received = await visitor.type('message', (f) => f.message.sender === 'operator');
    expect(received.message).toMatchObject({
      id: replyAck.message.id,
      operatorName: 'support',
      body: 'Let me check that for you.',
    });

    const unread = async () =>
      (
        await json(
          await fetch(`${server.http}/wps/relay/CSP_unreadCount`, { headers: { merchant: 'tala', cookie } }),
        )
      ).value.unread;
    expect(await unread()).toBe(1);
    visitor.send({ type: 'read', upToId: received.message.id });
    expect(await console1.type('read', (f) => f.reader === 'visitor')).toMatchObject({
      conversationId,
      upToId: received.message.id,
    });
    expect(await unread()).toBe(0);

    console1.send({ type: 'read', conversationId, upToId: ack.message.id });
    expect(await visitor.type('read')).toEqual({ type: 'read', reader: 'operator', upToId: ack.message.id });
    const afterRead = await console1.type('conversation', (f) => f.conversation.unread === 0);
    expect(afterRead.conversation.operatorReadId).toBe(ack.message.id);

    console1.send({ type: 'typing', conversationId, typing: true });
    expect(await visitor.type('typing')).toEqual({ type: 'typing', typing: true, operatorName: 'support' });

    // A resend after a lost ack (same client id) is acknowledged with the stored message, not stored twice.
    visitor.send({ type: 'send', clientId: first, body: 'Hello, my deposit is missing' });
    expect((await visitor.type('ack')).message.id).toBe(ack.message.id);
    const stored = await database.db
      .selectFrom('chat_messages')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', 'visitor')
      .execute();
    expect(stored.length).toBe(1);

    // Free text stays text: the payload comes back byte for byte, for the client to render as text.
    const xss = '<img src=x onerror=alert(1)><script>alert(1)</script>';
    visitor.send({ type: 'send', clientId: clientId(), body: xss });
    expect((await visitor.type('ack')).message.body).toBe(xss);

    console1.send({ type: 'close', conversationId });
    const closedEvent = await visitor.type('message', (f) => f.message.event === 'closed');
    expect(closedEvent.message.sender).toBe('system');
    expect(
      (await visitor.type('conversation', (f) => f.conversation.status === 'closed')).conversation.id,
    ).toBe(conversationId);

    // After a close, the next message opens a new conversation.
    visitor.send({ type: 'send', clientId: clientId(), body: 'One more question' });
    const reopened = await visitor.type('ack');
    expect(reopened.message.conversationId).not.toBe(conversationId);
    visitor.close();
    console1.close();
  });

  it('lets one operator take a chat; another needs take-over, and only the holder may reply', async () => {
    const { client: visitor } = await guest(await guestCookie());
    const { client: support } = await operator(supportToken);
    const { client: owner } = await operator(ownerToken);
    visitor.send({ type: 'send', clientId: clientId(), body: 'Is anyone there?' });
    const conversationId = (await visitor.type('ack')).message.conversationId;

    owner.send({ type: 'send', conversationId, clientId: clientId(), body: 'early' });
    expect(await owner.type('error')).toMatchObject({ errorCode: 'chat_not_assigned' });
    support.send({ type: 'take', conversationId });
    await support.type(
      'conversation',
      (f) => f.conversation.id === conversationId && f.conversation.status === 'active',
    );
    owner.send({ type: 'take', conversationId });
    const refused = await owner.type('error');
    expect(refused).toMatchObject({
      errorCode: 'chat_taken',
      message: 'Another operator is already handling this chat.',
    });
    owner.send({ type: 'take', conversationId, takeOver: true });
    const moved = await visitor.type('conversation', (f) => f.conversation.operatorName === 'owner');
    expect(moved.conversation.status).toBe('active');
    support.send({ type: 'send', conversationId, clientId: clientId(), body: 'still mine?' });
    expect(await support.type('error')).toMatchObject({ errorCode: 'chat_not_assigned' });
    visitor.close();
    support.close();
    owner.close();
  });

  it('refuses a flood from one sender with chat_flood, naming the refused message', async () => {
    const { client: visitor } = await guest(await guestCookie());
    const ids = Array.from({ length: 9 }, () => clientId());
    for (const id of ids) visitor.send({ type: 'send', clientId: id, body: `spam ${id}` });
    for (const id of ids.slice(0, 8))
      expect((await visitor.type('ack', (f) => f.clientId === id)).clientId).toBe(id);
    const error = await visitor.type('error');
    expect(error).toMatchObject({ errorCode: 'chat_flood', clientId: ids[8] });
    const stored = await database.db
      .selectFrom('chat_messages')
      .select('id')
      .where('client_id', '=', ids[8] as string)
      .execute();
    expect(stored).toEqual([]);
    visitor.close();
  });

  it('answers bad frames with error frames and closes sockets that do not say who they are', async () => {
    const { client: visitor } = await guest(await guestCookie());
    visitor.send('not json');
    expect(await visitor.type('error')).toMatchObject({ errorCode: 'validation_failed', field: 'frame' });
    visitor.send({ type: 'shout', body: 'x' });
    expect((await visitor.type('error')).errorCode).toBe('validation_failed');
    visitor.send({ type: 'send', clientId: 'short', body: 'x' });
    expect(await visitor.type('error')).toMatchObject({ errorCode: 'validation_failed', field: 'clientId' });
    visitor.send({ type: 'send', clientId: clientId(), body: 'x'.repeat(2001) });
    expect(await visitor.type('error')).toMatchObject({ errorCode: 'validation_failed', field: 'body' });
    visitor.send({ type: 'send', clientId: clientId(), body: 'nul \u0000 here' });
    expect(await visitor.type('error')).toMatchObject({ errorCode: 'text_not_storable', field: 'body' });
    visitor.close();

    const anonymous = await Client.open(`${server.ws}/wps/support/chat?merchant=tala`);
    anonymous.send({ type: 'send', clientId: clientId(), body: 'who am I' });
    expect((await anonymous.type('error')).errorCode).toBe('not_logged_in');
    expect(await anonymous.closed).toBe(4401);

    const noCookie = await Client.open(`${server.ws}/wps/support/chat?merchant=tala&language=TY`);
    noCookie.send({ type: 'hello' });
    expect(await noCookie.type('error')).toMatchObject({
      errorCode: 'not_logged_in',
      message: 'Hindi ka pa naka-log in, mangyaring mag-log in.',
    });

    const badToken = await Client.open(`${server.ws}/wps/support/chat?merchant=tala`);
    badToken.send({ type: 'hello', token: 'made-up' });
    expect((await badToken.type('error')).errorCode).toBe('not_logged_in');

    const finance = await Client.open(`${server.ws}/admin-api/support/chat`);
    finance.send({ type: 'hello', token: financeToken });
    expect((await finance.type('error')).errorCode).toBe('forbidden');
    expect(await finance.closed).toBe(4401);

    const unknownMerchant = await Client.open(`${server.ws}/wps/support/chat?merchant=nobody`);
    unknownMerchant.send({ type: 'hello' });
    expect((await unknownMerchant.type('error')).errorCode).toBe('merchant_not_found');
  });

  it('chats as a member by token, named by the account', async () => {
    const visitor = await Client.open(`${server.ws}/wps/support/chat?merchant=tala`);
    visitor.send({ type: 'hello', token: member.token });
    expect((await visitor.type('ready')).visitor).toEqual({ kind: 'member', name: member.username });
    visitor.send({ type: 'send', clientId: clientId(), body: 'Member question' });
    const ack = await visitor.type('ack');
    const list = await fetch(`${server.http}/admin-api/support/chat/conversations?status=queued`, {
      headers: { authorization: `Bearer ${supportToken}` },
    });
    const conversation = (await json(list)).value.list.find(
      (c: Frame) => c.id === ack.message.conversationId,
    );
    expect(conversation).toMatchObject({
      visitorKind: 'member',
      visitorName: member.username,
      memberId: expect.any(Number),
    });
    visitor.close();
  });

  it('puts a VIP member (rank level above 4) in the VIP queue, listed first and marked, apart from live chat', async () => {
    const regular = await newMember(seeded, { merchant: 'tala', ip: '10.70.0.3' });
    const vip = await newMember(seeded, { merchant: 'tala', ip: '10.70.0.4' });
    await database.db
      .updateTable('members')
      .set({ vip_level: 5 })
      .where('username', '=', vip.username)
      .execute();
    const opened: Record<string, number> = {};
    for (const [name, who] of [
      ['regular', regular],
      ['vip', vip],
    ] as const) {
      const visitor = await Client.open(`${server.ws}/wps/support/chat?merchant=tala`);
      visitor.send({ type: 'hello', token: who.token });
      await visitor.type('ready');
      visitor.send({ type: 'send', clientId: clientId(), body: `${name} needs help` });
      opened[name] = (await visitor.type('ack')).message.conversationId;
      visitor.close();
    }

    const { client: console1, ready } = await operator();
    const open = ready.conversations as Frame[];
    const vipIndex = open.findIndex((c) => c.id === opened.vip);
    const regularIndex = open.findIndex((c) => c.id === opened.regular);
    expect(open[vipIndex]).toMatchObject({ vip: true, status: 'queued', visitorName: vip.username });
    expect(open[regularIndex]).toMatchObject({ vip: false, status: 'queued' });
    // Every VIP conversation comes before every other one, though the VIP member wrote last.
    expect(open.findIndex((c) => !c.vip)).toBeGreaterThan(open.findLastIndex((c) => c.vip));
    expect(vipIndex).toBeLessThan(regularIndex);

    const history = await fetch(`${server.http}/admin-api/support/chat/conversations?status=queued`, {
      headers: { authorization: `Bearer ${supportToken}` },
    });
    const listed = (await json(history)).value.list as Frame[];
    expect(listed.find((c) => c.id === opened.vip)?.vip).toBe(true);
    expect(listed.find((c) => c.id === opened.regular)?.vip).toBe(false);
    console1.close();
  });

  it('ends a member chat socket once the member has logged out', async () => {
    const leaving = await newMember(seeded, { merchant: 'tala', ip: '10.70.0.2' });
    const visitor = await Client.open(`${server.ws}/wps/support/chat?merchant=tala`);
    visitor.send({ type: 'hello', token: leaving.token });
    await visitor.type('ready');
    const out = await fetch(`${server.http}/wps/session/logout`, {
      method: 'DELETE',
      headers: { merchant: 'tala', authorization: leaving.token },
    });
    expect(out.status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      visitor.send({ type: 'send', clientId: clientId(), body: 'still here?' });
      expect((await visitor.type('error')).errorCode).toBe('not_logged_in');
      expect(await visitor.closed).toBe(4401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a reload and a server restart lose no message', () => {
  it('gives the whole conversation back after the server is replaced', async () => {
    const cookie = await guestCookie();
    const { client: visitor } = await guest(cookie);
    const { client: console1 } = await operator();
    const sent: number[] = [];
    for (const body of ['first', 'second', 'third']) {
      visitor.send({ type: 'send', clientId: clientId(), body });
      sent.push((await visitor.type('ack')).message.id);
    }
    const conversationId = (await console1.type('conversation', (f) => f.conversation.unread === 3))
      .conversation.id;
    console1.send({ type: 'take', conversationId });
    console1.send({ type: 'send', conversationId, clientId: clientId(), body: 'answer before the restart' });
    await console1.type('ack');

    // A reload: the session call returns the same conversation and its messages.
    const reload = await json(
      await fetch(`${server.http}/wps/support/chat/session`, {
        method: 'POST',
        headers: { merchant: 'tala', cookie },
      }),
    );
    expect(reload.value.messages.map((m: Frame) => m.body)).toEqual([
      'first',
      'second',
      'third',
      '',
      'answer before the restart',
    ]);

    await server.app.close();
    expect(await visitor.closed).toBeGreaterThan(0);
    server = await startServer();

    const { client: again, ready } = await guest(cookie);
    expect(ready.conversation).toMatchObject({
      id: conversationId,
      status: 'active',
      operatorName: 'support',
      unread: 1,
    });
    expect(ready.messages.filter((m: Frame) => m.sender === 'visitor').map((m: Frame) => m.id)).toEqual(sent);
    const { client: console2, ready: consoleReady } = await operator();
    expect(consoleReady.conversations.find((c: Frame) => c.id === conversationId)).toMatchObject({
      status: 'active',
    });
    console2.send({ type: 'history', conversationId });
    const history = await console2.type('history');
    expect(history.messages.map((m: Frame) => m.body)).toContain('answer before the restart');

    const rest = await fetch(
      `${server.http}/admin-api/support/chat/conversations/${conversationId}/messages`,
      {
        headers: { authorization: `Bearer ${supportToken}` },
      },
    );
    expect((await json(rest)).value.messages.length).toBe(5);
    again.close();
    console2.close();
  });
});

import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiLogin } from './members-support.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { baseUrl, useBrowser } from './support/browser.ts';

const browser = useBrowser();

type Answer = { success: boolean; value: Record<string, unknown>; errorCode?: string };
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : null,
  });
  return { json: (await response.json()) as Answer, headers: response.headers };
}

async function registerMember() {
  const challenge = (await call('GET', '/wps/system/challenge')).json.value;
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  const username = `fb${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;
  const answer = await call('PUT', '/wps/member/register', {
    username,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    acceptTerms: true,
    confirmAge: true,
    acceptPrivacy: true,
    challenge: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  });
  if (!answer.json.success) throw new Error(`registration failed: ${JSON.stringify(answer.json)}`);
  return { username, token: answer.json.value.token as string };
}

type Frame = { type: string; [key: string]: unknown };

/**
 * A visitor's chat socket from the test process (as the site's chat room would open it), with its frames: a guest
 * known by the cookie the chat session sets, or a member by token.
 */
async function guestChat(token?: string) {
  const session = await call(
    'POST',
    '/wps/support/chat/session',
    undefined,
    token ? { authorization: token } : {},
  );
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const name = (session.json.value.visitor as { name: string }).name;
  const socket = new WebSocket(`${baseUrl().replace('http', 'ws')}/wps/support/chat`, {
    headers: token ? {} : { cookie },
  });
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const send = (frame: Frame) => socket.send(JSON.stringify(frame));
  const next = async (match: (frame: Frame) => boolean) => {
    await expect.poll(() => frames.some(match), { timeout: 15_000 }).toBe(true);
    return frames.find(match) as Frame;
  };
  send(token ? { type: 'hello', token, language: 'EN' } : { type: 'hello', language: 'EN' });
  await next((f) => f.type === 'ready');
  return { name, send, next, frames, close: () => socket.close() };
}

describe('back office: support', () => {
  it('answers a member’s feedback, and the member gets the answer as a platform message', async () => {
    const member = await registerMember();
    const text =
      'My deposit from this morning has not arrived yet, could you please check the transfer for me?';
    const sent = await call(
      'PUT',
      '/wps/feedback',
      { questionType: 'deposit', content: text },
      {
        authorization: member.token,
      },
    );
    expect(sent.json.success, JSON.stringify(sent.json)).toBe(true);

    const page = await browser.newPage();
    await signInToBackOffice(page, 'support', 'support-demo-1');
    await page.getByRole('link', { name: 'Feedback' }).click();
    await page.getByRole('heading', { name: 'Feedback' }).waitFor();
    await page.getByRole('button', { name: `Open feedback from ${member.username}` }).click();
    const detail = page.getByRole('region', { name: `Feedback from ${member.username}` });
    await detail.getByText(text).waitFor();
    await detail.getByRole('button', { name: 'Send answer' }).click();
    await detail.getByText('Write an answer first.').waitFor();
    const answer = 'Thank you. The transfer arrived and is now on your balance.';
    await detail.getByLabel('Answer').fill(answer);
    // The open-feedback list drops the item once answered, so wait for the server's answer itself.
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/answer') && response.request().method() === 'POST',
    );
    await detail.getByRole('button', { name: 'Send answer' }).click();
    expect((await answered).ok()).toBe(true);

    const messages = await call('GET', '/wps/relay/MCSFE_getMessageListV2', undefined, {
      authorization: member.token,
    });
    const list = (messages.json.value as { list: { content: string; kind: string }[] }).list;
    expect(list).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'feedback_answer', content: answer })]),
    );
  });

  it('runs a chat between a guest’s socket and the console: queue, take, typing, reply, read, reload', async () => {
    const guest = await guestChat();
    const first = `Hello, I cannot find the slots page ${Date.now()}`;
    guest.send({ type: 'send', clientId: 'guest-msg-0001', body: first });
    await guest.next((f) => f.type === 'ack' && f.clientId === 'guest-msg-0001');

    const page = await browser.newPage();
    await signInToBackOffice(page, 'support', 'support-demo-1');
    await page.getByRole('link', { name: 'Live chat' }).click();
    await page.getByText('Connected', { exact: true }).waitFor();
    const entry = page.getByRole('button', { name: new RegExp(guest.name) });
    await entry.getByText('1 unread message').waitFor();
    await entry.click();
    await page.getByRole('log', { name: 'Messages' }).getByText(first).waitFor();
    await page.getByText('Take the chat to reply.').waitFor();
    await page.getByRole('button', { name: 'Take this chat' }).click();
    await page.getByRole('log', { name: 'Messages' }).getByText('support joined the chat').waitFor();
    await guest.next(
      (f) => f.type === 'message' && (f.message as { event: string | null }).event === 'taken',
    );

    guest.send({ type: 'typing', typing: true });
    await page.getByText(`${guest.name} is typing…`).waitFor();
    guest.send({ type: 'typing', typing: false });
    await expect.poll(() => page.getByText(`${guest.name} is typing…`).count()).toBe(0);

    const reply = 'Hi! Open the menu and choose Slots.';
    await page.getByRole('textbox', { name: 'Reply' }).fill(reply);
    await guest.next((f) => f.type === 'typing' && f.typing === true);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const delivered = await guest.next(
      (f) => f.type === 'message' && (f.message as { body: string }).body === reply,
    );
    const replyId = (delivered.message as { id: number }).id;
    guest.send({ type: 'read', upToId: replyId });
    await page.getByRole('log', { name: 'Messages' }).getByText(/Seen/).waitFor();

    // A reload keeps the chosen chat and its messages; a message sent meanwhile arrives.
    await page.reload();
    await page.getByText('Connected', { exact: true }).waitFor();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText(reply).waitFor();
    await log.getByText(first).waitFor();
    guest.send({ type: 'send', clientId: 'guest-msg-0002', body: 'Found it, thanks!' });
    await log.getByText('Found it, thanks!').waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Close chat' }).click();
    await page.getByText('This chat is closed.').waitFor();
    await guest.next(
      (f) => f.type === 'message' && (f.message as { event: string | null }).event === 'closed',
    );
    guest.close();

    await page.getByRole('button', { name: 'Closed chats' }).click();
    const closed = page.getByRole('listitem').filter({ hasText: guest.name });
    await closed.getByRole('button', { name: 'Show messages' }).click();
    await closed.getByText('Found it, thanks!').waitFor();
  });

  it('shows a member’s chat as a member’s and lets an operator take it over from another', async () => {
    const member = await registerMember();
    const visitor = await guestChat(member.token);
    visitor.send({ type: 'send', clientId: 'member-msg-0001', body: 'Where is my bonus?' });
    await visitor.next((f) => f.type === 'ack');

    const owner = await browser.newPage();
    await signInToBackOffice(owner, 'owner', 'owner-demo-1');
    await owner.goto(`${baseUrl()}/admin/chat`);
    await owner.getByText('Connected', { exact: true }).waitFor();
    const entry = owner.getByRole('button', { name: new RegExp(visitor.name) });
    await entry.getByText(/^Member · tala/).waitFor();
    await entry.click();
    await owner.getByRole('button', { name: 'Take this chat' }).click();
    await owner.getByRole('textbox', { name: 'Reply' }).waitFor();

    const support = await browser.newPage();
    await signInToBackOffice(support, 'support', 'support-demo-1');
    await support.goto(`${baseUrl()}/admin/chat`);
    await support
      .getByRole('button', { name: new RegExp(visitor.name) })
      .getByText('with owner')
      .waitFor();
    await support.getByRole('button', { name: new RegExp(visitor.name) }).click();
    await support.getByRole('button', { name: 'Take over from owner' }).click();
    await support.getByRole('textbox', { name: 'Reply' }).waitFor();
    // The owner's console follows: the chat is now support's, and the owner may take it back.
    await owner.getByRole('button', { name: 'Take over from support' }).waitFor();
    expect(await owner.getByRole('textbox', { name: 'Reply' }).count()).toBe(0);
    await visitor.next(
      (f) =>
        f.type === 'message' && (f.message as { operatorName: string | null }).operatorName === 'support',
    );
    visitor.close();
  });

  it('gives a VIP member (rank level 6) the VIP service, which the console lists first as its own queue (TY, phone)', async () => {
    const vip = (await apiLogin('vip1', 'vip-pass-1')) as { token: string };
    const regular = await registerMember();
    const liveChat = await guestChat(regular.token);
    liveChat.send({ type: 'send', clientId: 'regular-msg-0001', body: 'Regular question' });
    await liveChat.next((f) => f.type === 'ack');

    // The VIP member's own page: the VIP service's path (`?chat=vip`) opens the VIP room.
    const site = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await site.addInitScript((token) => {
      sessionStorage.setItem('token', token);
      localStorage.setItem('language', 'TY');
    }, vip.token);
    await site.goto(`${baseUrl()}/index?chat=vip`);
    await site.getByRole('dialog', { name: 'Serbisyong VIP' }).waitFor();
    const room = site.getByTestId('chat-room');
    await expect.poll(() => room.getAttribute('data-status'), { timeout: 15_000 }).toBe('open');
    const question = `VIP question ${Date.now()}`;
    await room.getByRole('textbox', { name: 'Mensahe' }).fill(question);
    await room.getByRole('button', { name: 'Ipadala' }).click();
    await room.getByText(question).waitFor();

    const page = await browser.newPage();
    await signInToBackOffice(page, 'support', 'support-demo-1');
    await page.goto(`${baseUrl()}/admin/chat`);
    await page.getByText('Connected', { exact: true }).waitFor();
    const queues = page.getByRole('navigation', { name: 'Conversations' });
    const headings = await queues.getByRole('heading').allTextContents();
    expect(headings[0]).toMatch(/^VIP service \(\d+\)$/);
    // The VIP chat is in the first list, marked VIP; the regular member's is in the waiting list after it.
    const lists = queues.getByRole('list');
    const vipEntry = lists.first().getByRole('button', { name: /VIP Player/ });
    await vipEntry.getByText('VIP', { exact: true }).waitFor();
    expect(
      await lists
        .first()
        .getByRole('button', { name: new RegExp(liveChat.name) })
        .count(),
    ).toBe(0);
    await lists
      .nth(1)
      .getByRole('button', { name: new RegExp(liveChat.name) })
      .waitFor();
    await vipEntry.click();
    await page.getByRole('heading', { name: 'Chat with VIP Player' }).waitFor();
    await page.getByRole('button', { name: 'Take this chat' }).click();
    await page.getByRole('textbox', { name: 'Reply' }).fill('Welcome to the VIP service');
    await page.getByRole('button', { name: 'Send' }).click();
    await room.getByText('Welcome to the VIP service').waitFor();
    liveChat.close();
  });

  it('keeps the chat console and the inbox from content operators', async () => {
    const page = await browser.newPage();
    await signInToBackOffice(page, 'content', 'content-demo-1');
    expect(await page.getByRole('link', { name: 'Live chat' }).count()).toBe(0);
    await page.goto(`${baseUrl()}/admin/chat`);
    await page.getByText('Your role cannot open this page.').waitFor();
    await page.goto(`${baseUrl()}/admin/feedback`);
    await page.getByText('Your role cannot open this page.').waitFor();
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changes } from '../../lib/change-feed.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { jpeg, multipart, type Part, png, webp } from '../content/test-fixtures.ts';
import { newMember } from '../members/member-fixtures.ts';

const { app, database } = await testApp();
const supportAuth = await operatorAuth(app, 'support', 'support-demo-1');
const financeAuth = await operatorAuth(app, 'finance', 'finance-demo-1');
const member = await newMember(app, { merchant: 'tala', ip: '10.60.0.1' });
const other = await newMember(app, { merchant: 'tala', ip: '10.60.0.2' });

const CONTENT = 'My deposit through the e-wallet has not arrived after twenty minutes, please check it.';

async function sendFeedback(parts: Part[], token = member.token, language = 'EN') {
  const form = multipart(parts);
  const response = await app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    headers: { ...form.headers, merchant: 'tala', authorization: token, language },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json() };
}
const fields = (content = CONTENT): Part[] => [
  { name: 'questionType', value: 'deposit' },
  { name: 'content', value: content },
];
const image = (data: Buffer, filename = 'proof.png', contentType = 'image/png'): Part => ({
  name: 'images',
  filename,
  contentType,
  data,
});

async function asMember(method: string, url: string, payload?: unknown, token = member.token) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: { merchant: 'tala', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() };
}
async function asOperator(method: string, url: string, payload?: unknown, auth = supportAuth) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return { status: response.statusCode, body: json ? response.json() : null, raw: response };
}

describe('feedback form', () => {
  it('tells the form its word bounds and image rules', async () => {
    const response = await app.inject({ url: '/wps/feedback/settings', headers: { merchant: 'tala' } });
    expect(response.json().value).toMatchObject({
      minWords: 5,
      maxWords: 500,
      maxImages: 3,
      maxImageBytes: 5 * 1024 * 1024,
      imageTypes: ['image/png', 'image/jpeg'],
    });
  });

  it('stores a question with up to 3 png or jpg images', async () => {
    const sent = await sendFeedback([
      ...fields(),
      image(png(300, 200)),
      image(jpeg(800, 600), 'receipt.jpg', 'image/jpeg'),
      image(png(20, 20)),
    ]);
    expect(sent.status).toBe(200);
    expect(sent.body.value).toMatchObject({ imageCount: 3 });
    const json = await asMember('PUT', '/wps/feedback', {
      questionType: 'suggestion',
      content: 'Please add more bingo rooms at night.',
    });
    expect(json.body.value).toMatchObject({ imageCount: 0 });
    const mine = await asMember('GET', '/wps/feedback');
    expect(mine.body.value.list.map((f: { questionType: string }) => f.questionType)).toEqual([
      'suggestion',
      'deposit',
    ]);
  });

  it('refuses content outside the word bounds with the bounds in the message', async () => {
    const short = await sendFeedback(fields('Deposit missing'), member.token, 'TY');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ errorCode: 'feedback_word_count', field: 'content' });
    expect(short.body.message).toBe('Ang nilalaman ay dapat nasa pagitan ng 5 at 500 salita.');
    const long = await sendFeedback(fields(Array.from({ length: 501 }, (_, i) => `word${i}`).join(' ')));
    expect(long.body.errorCode).toBe('feedback_word_count');
    const empty = await asMember('PUT', '/wps/feedback', { questionType: 'deposit', content: '   ' });
    expect(empty.body).toMatchObject({ errorCode: 'validation_failed', field: 'content' });
    const type = await asMember('PUT', '/wps/feedback', { questionType: 'bribe', content: CONTENT });
    expect(type.body).toMatchObject({ errorCode: 'validation_failed', field: 'questionType' });
    const nul = await sendFeedback(fields(`${CONTENT} \u0000`));
    expect(nul).toMatchObject({ status: 400, body: { errorCode: 'text_not_storable', field: 'content' } });
  });

  it('refuses oversized, wrong-type and too many images with their own codes, storing nothing', async () => {
    const before = await database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const big = await sendFeedback([...fields(), image(png(1500, 1200, true))]);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ errorCode: 'image_too_large', field: 'images' });
    const svg = await sendFeedback([
      ...fields(),
      image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ]);
    expect(svg.status).toBe(415);
    expect(svg.body).toMatchObject({ errorCode: 'image_type_not_allowed', field: 'images' });
    expect(svg.body.message).toBe('Only PNG, JPG images are accepted.');
    const html = await sendFeedback([
      ...fields(),
      image(Buffer.from('<html><body>hi</body></html>'), 'a.jpg', 'image/jpeg'),
    ]);
    expect(html.body.errorCode).toBe('image_type_not_allowed');
    const webpImage = await sendFeedback([...fields(), image(webp(10, 10), 'a.webp', 'image/webp')]);
    expect(webpImage.body.errorCode).toBe('image_type_not_allowed');
    const four = await sendFeedback([...fields(), ...Array.from({ length: 4 }, () => image(png(4, 4)))]);
    expect(four.status).toBe(400);
    expect(four.body).toMatchObject({ errorCode: 'too_many_images', field: 'images' });
    expect(four.body.message).toBe('You can attach at most 3 images.');
    const stray = await sendFeedback([...fields(), { ...image(png(4, 4)), name: 'avatar' }]);
    expect(stray.body).toMatchObject({ errorCode: 'validation_failed', field: 'avatar' });
    const after = await database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('needs a member session, checked before the upload is read', async () => {
    const guest = await sendFeedback([...fields(), image(png(4, 4))], '');
    expect(guest.status).toBe(401);
    expect(guest.body.errorCode).toBe('not_logged_in');
    const stale = await sendFeedback(fields(), 'made-up-token');
    expect(stale.status).toBe(401);
  });
});

describe('feedback inbox and platform messages', () => {
  it('lets support read the question and its images, answer it, and the member reads the answer', async () => {
    await sendFeedback(
      [
        ...fields('<script>alert(1)</script> My withdrawal is stuck in processing since yesterday.'),
        image(png(64, 48)),
      ],
      other.token,
    );
    const inbox = await asOperator('GET', '/admin-api/support/feedback?status=open&merchantCode=tala');
    const item = inbox.body.value.list.find(
      (f: { memberAccount: string }) => f.memberAccount === other.username,
    );
    expect(item).toMatchObject({
      status: 'open',
      questionType: 'deposit',
      imageCount: 1,
      merchantCode: 'tala',
    });
    // Free text is kept as text (the consoles render it as text), and answered as JSON, never as a page.
    expect(item.content).toContain('<script>alert(1)</script>');
    expect(inbox.raw.headers['content-type']).toMatch(/^application\/json/);

    const picture = await asOperator('GET', item.imageUrls[0]);
    expect(picture.raw.statusCode).toBe(200);
    expect(picture.raw.headers['content-type']).toBe('image/png');
    expect(picture.raw.headers['x-content-type-options']).toBe('nosniff');
    expect((await app.inject({ url: item.imageUrls[0] })).statusCode).toBe(401);

    expect(
      (await asMember('GET', '/wps/relay/MCSFE_getUnreadMessageV2', undefined, other.token)).body.value,
    ).toEqual({ unread: 0 });
    const answered = await asOperator('POST', `/admin-api/support/feedback/${item.id}/answer`, {
      answer: 'We found your withdrawal and it has been paid. Sorry for the wait!',
    });
    expect(answered.body.value).toMatchObject({ status: 'answered', answeredBy: 'support' });
    const again = await asOperator('POST', `/admin-api/support/feedback/${item.id}/answer`, {
      answer: 'Twice',
    });
    expect(again.status).toBe(409);

    expect(
      (await asMember('GET', '/wps/relay/MCSFE_getUnreadMessageV2', undefined, other.token)).body.value,
    ).toEqual({ unread: 1 });
    const messages = (await asMember('GET', '/wps/relay/MCSFE_getMessageListV2', undefined, other.token)).body
      .value;
    expect(messages.list[0]).toMatchObject({
      kind: 'feedback_answer',
      title: 'Reply to your feedback',
      content: 'We found your withdrawal and it has been paid. Sorry for the wait!',
      refId: item.id,
      read: false,
    });
    // Another member cannot mark it read, nor sees it.
    await asMember('POST', '/wps/relay/MCSFE_readMessageV2', { ids: [messages.list[0].id] });
    expect((await asMember('GET', '/wps/relay/MCSFE_getMessageListV2')).body.value.list).toEqual([]);
    const read = await asMember(
      'POST',
      '/wps/relay/MCSFE_readMessageV2',
      { ids: [messages.list[0].id] },
      other.token,
    );
    expect(read.body.value).toEqual({ unread: 0 });
    const audit = await sql<{
      actor_name: string;
    }>`SELECT actor_name FROM audit_log WHERE action = 'support.feedback.answer'`.execute(database.db);
    expect(audit.rows).toEqual([{ actor_name: 'support' }]);
  });

  it('keeps the inbox to owners and support', async () => {
    expect((await asOperator('GET', '/admin-api/support/feedback', undefined, financeAuth)).status).toBe(403);
    expect((await app.inject({ url: '/admin-api/support/feedback' })).statusCode).toBe(401);
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    expect((await asOperator('GET', '/admin-api/support/feedback', undefined, owner)).status).toBe(200);
    expect((await asOperator('GET', '/admin-api/support/feedback/999999')).status).toBe(404);
  });
});

describe('customer-service entries (getService)', () => {
  const pathList = async (token?: string) =>
    (
      await app.inject({
        url: '/wps/relay/CSP_getService',
        headers: { merchant: 'tala', ...(token ? { authorization: token } : {}) },
      })
    ).json().value;

  it('gives guests and ordinary members live chat in a popup and outside links in a new tab', async () => {
    for (const value of [await pathList(), await pathList(member.token), await pathList('stale-token')]) {
      expect(value.vip).toBe(false);
      expect(value.version.pathList).toEqual([
        { type: 3, csType: 'LIVECHAT', title: 'Live chat', path: '/index?chat=1' },
        { type: 2, csType: 'TELEGRAM', title: 'Telegram', path: 'https://t.me/tala_support' },
        { type: 2, csType: 'FACEBOOK', title: 'Facebook', path: 'https://facebook.com/tala' },
      ]);
    }
  });

  it('gives the VIP service instead of live chat above rank level 4, not at 4', async () => {
    const vip = await newMember(app, { merchant: 'tala', ip: '10.60.0.3' });
    // Ranks set by hand in the database: told to the caches (the guard's cached session) as a writer would.
    await sql`UPDATE members SET vip_level = 4 WHERE username = ${vip.username}`.execute(database.db);
    changes.publish(database.db, { on: 'all' });
    expect((await pathList(vip.token)).vip).toBe(false);
    await sql`UPDATE members SET vip_level = 5 WHERE username = ${vip.username}`.execute(database.db);
    changes.publish(database.db, { on: 'all' });
    const value = await pathList(vip.token);
    expect(value.vip).toBe(true);
    expect(value.version.pathList.map((p: { csType: string }) => p.csType)).toEqual([
      'VIP',
      'TELEGRAM',
      'FACEBOOK',
    ]);
    expect(value.version.pathList[0]).toMatchObject({ type: 3, path: '/index?chat=vip' });
  });
});

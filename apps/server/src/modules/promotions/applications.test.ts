// Applied promotions (issue 13, item 1; spec §3 activity application, §5 remark 140 characters, images png/jpg 5 MB,
// at most 3): the member applies with a remark and images; operators read the queue and its images; owners and
// finance issue a bonus (at most the promotion's largest, within its budget) or reject with a reason, after which
// the member may apply again. Every bad application gets its own code and stores nothing.
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { jpeg, multipart, type Part, png, webp } from '../content/test-fixtures.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');

function admin(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
async function member() {
  const username = uniqueName('ap');
  const id = await services.members.create(tala, { username, password: 'secret123' });
  return { id, username, token: await tokenOf(app, username, 'secret123') };
}
function apply(token: string, parts: Part[]) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/wps/relay/MCS2_applyPromotion',
    headers: { authorization: token, merchant: 'tala', ...body.headers },
    payload: body.payload,
  });
}
const balanceOf = async (id: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, id));
const detail = async (token: string, id: number) =>
  (
    await app.inject({
      method: 'GET',
      url: `/wps/relay/MCSFE_getPromotionDetail?id=${id}`,
      headers: { authorization: token, merchant: 'tala' },
    })
  ).json().value;

const messages = async (token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getMessageListV2?pageNo=1&pageSize=5',
      headers: { authorization: token, merchant: 'tala' },
    })
  ).json().value;

const made = await admin(content, 'POST', '/admin-api/merchants/tala/promotions', {
  kind: 'applied',
  enabled: true,
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  budget: null,
  rules: {
    percent: 1,
    maxBonus: 20_000,
    minDeposit: 0,
    turnoverMultiple: 3,
    turnoverBasis: 'bonus',
    claimPer: 'once',
  },
  texts: { EN: { title: `Share your big win ${uniqueName('s')}`, summary: 'Post a screenshot', rules: '' } },
});
expect(made.statusCode, made.body).toBe(200);
const promotionId = made.json().value.id as number;
const field = (name: string, value: string) => ({ name, value });
const image = (data: Buffer, contentType = 'image/png', filename = 'win.png') => ({
  name: 'images',
  filename,
  contentType,
  data,
});

describe('applied promotions', () => {
  it('refuses every bad application with its own code and stores nothing', async () => {
    const m = await member();
    const id = String(promotionId);
    const cases: [Part[], string, string][] = [
      [[field('promotionId', id), field('remark', 'x'.repeat(141))], 'remark_too_long', 'remark'],
      [[field('promotionId', id), field('remark', '   ')], 'remark_required', 'remark'],
      [
        [field('promotionId', id), field('remark', 'four'), ...[1, 2, 3, 4].map(() => image(png(8, 8)))],
        'too_many_images',
        'images',
      ],
      [
        [field('promotionId', id), field('remark', 'webp'), image(webp(8, 8), 'image/webp', 'a.webp')],
        'image_type_not_allowed',
        'images',
      ],
      [
        [
          field('promotionId', id),
          field('remark', 'big'),
          image(Buffer.concat([png(8, 8), Buffer.alloc(5 * 1024 * 1024)])),
        ],
        'image_too_large',
        'images',
      ],
      [[field('promotionId', '999999'), field('remark', 'nope')], 'promotion_not_found', 'promotionId'],
    ];
    for (const [parts, code, name] of cases) {
      const response = await apply(m.token, parts);
      expect(response.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, code).toBeLessThan(500);
      expect(response.json(), code).toMatchObject({ errorCode: code, field: name });
    }
    // A deposit bonus is claimed, not applied for; an applied promotion is applied for, not claimed.
    const welcome = (await services.promotions.adminList(tala)).find((p) => p.kind === 'firstDeposit');
    const wrongKind = await apply(m.token, [
      field('promotionId', String(welcome?.id)),
      field('remark', 'hi'),
    ]);
    expect(wrongKind.json()).toMatchObject({ errorCode: 'promotion_not_applied' });
    const claim = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_claimPromotion',
      headers: { authorization: m.token, merchant: 'tala' },
      payload: { promotionId, deviceId: 'device-apply-01' },
    });
    expect(claim.json()).toMatchObject({ errorCode: 'promotion_needs_application' });
    const queue = await admin(
      support,
      'GET',
      '/admin-api/promotion-applications?merchantCode=tala&pageSize=200',
    );
    expect(queue.json().value.list.some((a: { username: string }) => a.username === m.username)).toBe(false);
    expect((await detail(m.token, promotionId)).status).toBe('join');
  });

  it('issues the bonus an operator decides, with its turnover, and only once', async () => {
    const m = await member();
    const sent = await apply(m.token, [
      field('promotionId', String(promotionId)),
      field('remark', 'Won 50× on Golden Carabao'),
      image(png(16, 16)),
      image(jpeg(16, 16), 'image/jpeg', 'win.jpg'),
    ]);
    expect(sent.json().value, sent.body).toMatchObject({ status: 'applying', imageCount: 2 });
    expect((await detail(m.token, promotionId)).status).toBe('applying');
    const twice = await apply(m.token, [field('promotionId', String(promotionId)), field('remark', 'again')]);
    expect(twice.json()).toMatchObject({ errorCode: 'promotion_already_applied' });

    const queue = await admin(
      support,
      'GET',
      '/admin-api/promotion-applications?merchantCode=tala&status=applying',
    );
    const item = queue.json().value.list.find((a: { username: string }) => a.username === m.username);
    expect(item).toMatchObject({ remark: 'Won 50× on Golden Carabao', maxBonus: 20_000, status: 'applying' });
    expect(item.imageIds).toHaveLength(2);
    const picture = await admin(
      support,
      'GET',
      `/admin-api/promotion-applications/images/${item.imageIds[1]}`,
    );
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.rawPayload.equals(jpeg(16, 16))).toBe(true);

    const url = `/admin-api/promotion-applications/${item.id}/approve`;
    expect((await admin(support, 'POST', url, { amount: 5_000 })).statusCode).toBe(403);
    expect((await admin(content, 'POST', url, { amount: 5_000 })).statusCode).toBe(403);
    expect((await admin(finance, 'POST', url, { amount: 20_001 })).json()).toMatchObject({
      errorCode: 'application_amount_over_limit',
    });
    expect((await admin(finance, 'POST', url, { amount: -5 })).json()).toMatchObject({
      errorCode: 'amount_negative',
    });
    expect(await balanceOf(m.id)).toBe(0);
    const approved = await admin(finance, 'POST', url, { amount: 5_000 });
    expect(approved.json().value, approved.body).toMatchObject({
      status: 'issued',
      bonusAmount: 5_000,
      decidedBy: 'finance',
    });
    expect(await balanceOf(m.id)).toBe(5_000);
    expect((await admin(owner, 'POST', url, { amount: 5_000 })).json()).toMatchObject({
      errorCode: 'application_decided',
    });
    expect(await balanceOf(m.id)).toBe(5_000);
    const bonuses = await app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getBonusDetails?pageNo=1&pageSize=5',
      headers: { authorization: m.token, merchant: 'tala' },
    });
    expect(bonuses.json().value.list[0]).toMatchObject({
      amount: 5_000,
      depositAmount: 0,
      locked: 5_000,
      turnoverRequired: 15_000,
      status: 'active',
    });
    expect((await detail(m.token, promotionId)).status).toBe('process');
    // The member is told by a platform message (the merchant's default language), which the badge counts.
    expect((await messages(m.token)).list[0]).toMatchObject({
      kind: 'promotion',
      title: 'Your application was approved',
      content: expect.stringContaining('a bonus of P50'),
      read: false,
    });
  });

  it('tells the member why it was rejected, and takes a new application', async () => {
    const m = await member();
    await apply(m.token, [field('promotionId', String(promotionId)), field('remark', 'Please')]);
    const queue = await admin(owner, 'GET', '/admin-api/promotion-applications?status=applying&pageSize=200');
    const item = queue.json().value.list.find((a: { username: string }) => a.username === m.username);
    const url = `/admin-api/promotion-applications/${item.id}/reject`;
    expect((await admin(owner, 'POST', url, { reason: '' })).statusCode).toBe(400);
    const rejected = await admin(owner, 'POST', url, { reason: 'The screenshot does not show a win.' });
    expect(rejected.json().value).toMatchObject({ status: 'rejected', decidedBy: 'owner' });
    expect(await detail(m.token, promotionId)).toMatchObject({
      status: 'rejected',
      rejectReason: 'The screenshot does not show a win.',
    });
    expect((await messages(m.token)).list[0]).toMatchObject({
      kind: 'promotion',
      title: 'Your application was not approved',
      content: expect.stringContaining('The screenshot does not show a win.'),
    });
    const again = await apply(m.token, [
      field('promotionId', String(promotionId)),
      field('remark', 'New screenshot'),
    ]);
    expect(again.json().value).toMatchObject({ status: 'applying' });
    const audit = await services.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `promotion_application:${item.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['promotions.application.reject']);
    expect(await balanceOf(m.id)).toBe(0);
  });
});

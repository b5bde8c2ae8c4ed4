import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { jpeg, multipart, type Part, png } from '../content/test-fixtures.ts';
import { register, solvedChallenge, tokenOf, uniqueName, withSettings } from '../members/member-fixtures.ts';
import { withKycTables } from './kyc.tables.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const PAY = '246810';

function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}
const HTML = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(20, 1)]);

async function member() {
  const username = uniqueName('kyc');
  const id = await services.members.create(tala, { username, password: 'secret123', payeeName: 'Ana Reyes' });
  return { id, username, token: await tokenOf(app, username, 'secret123') };
}

function upload(token: string | undefined, parts: Part[], language = 'EN') {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/wps/relay/KYC_upload',
    headers: { ...body.headers, language, ...(token ? { authorization: token } : {}) },
    payload: body.payload,
  });
}

function send(token: string, kind: string, data: Buffer, filename: string, contentType: string) {
  return upload(token, [
    { name: 'kind', value: kind },
    { name: 'document', filename, contentType, data },
  ]);
}

const status = (token: string) =>
  app.inject({ method: 'GET', url: '/wps/relay/KYC_status', headers: { authorization: token } });

function admin(auth: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: auth ? { authorization: auth } : {},
    ...(payload ? { payload } : {}),
  });
}

async function storedDocuments(memberId: number) {
  return withKycTables(services.db)
    .selectFrom('kyc_documents')
    .select(['id', 'kind', 'status'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

async function auditRows(action: string, target?: string) {
  let query = services.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (target) query = query.where('target', '=', target);
  return query.orderBy('id').execute();
}

/** A member with an approved identity document, selfie and proof of address. */
async function verifiedMember(idNumber = `P${Date.now() % 1_000_000_000}A`) {
  const m = await member();
  for (const kind of ['id', 'selfie', 'address']) {
    const sent = await send(m.token, kind, png(40, 30), `${kind}.png`, 'image/png');
    expect(sent.statusCode, sent.body).toBe(200);
  }
  for (const document of (await status(m.token)).json().value.documents) {
    const approved = await admin(
      support,
      'POST',
      `/admin-api/kyc/documents/${document.id}/approve`,
      document.kind === 'id' ? { idNumber } : {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
  }
  return m;
}

describe('the member’s documents', () => {
  it('are for real members only: guests get 401, trial members in_need_true_account', async () => {
    const guest = await app.inject({
      method: 'GET',
      url: '/wps/relay/KYC_status',
      headers: { merchant: 'tala' },
    });
    expect(guest.statusCode).toBe(401);
    expect((await upload(undefined, [{ name: 'kind', value: 'id' }])).statusCode).toBe(401);
    const trial = await app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: '10.67.0.1',
      headers: { 'gateway-version': '3', merchant: 'tala' },
      payload: { os: 'Linux', platform: 'W', random: 'abc', challenge: await solvedChallenge(app) },
    });
    expect(trial.statusCode, trial.body).toBe(200);
    const refused = await status(trial.json().value.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('in_need_true_account');
  });

  it('starts unverified, needing all three documents, and goes pending with each upload', async () => {
    const m = await member();
    const first = (await status(m.token)).json().value;
    expect(first).toMatchObject({ status: 'unverified', needed: ['id', 'selfie', 'address'], documents: [] });
    const sent = await send(m.token, 'id', jpeg(800, 500), 'passport.JPG', 'image/jpeg');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toMatchObject({ status: 'pending', needed: ['selfie', 'address'] });
    const proof = await send(m.token, 'address', pdf(), 'bill.pdf', 'application/pdf');
    expect(
      proof.json().value.documents.map((d: { kind: string; contentType: string }) => [d.kind, d.contentType]),
    ).toEqual([
      ['id', 'image/jpeg'],
      ['address', 'application/pdf'],
    ]);
    const audited = await auditRows('kyc.document.upload');
    expect(audited.filter((row) => row.actor_id === m.id)).toHaveLength(2);
  });

  it('replaces a pending document of the same kind, keeping one for review', async () => {
    const m = await member();
    await send(m.token, 'selfie', png(10, 10), 'a.png', 'image/png');
    await send(m.token, 'selfie', png(12, 12), 'b.png', 'image/png');
    expect((await storedDocuments(m.id)).map((d) => d.status)).toEqual(['replaced', 'pending']);
    expect((await status(m.token)).json().value.documents).toHaveLength(1);
  });

  const bad: { name: string; parts: () => Part[]; status: number; code: string; field: string }[] = [
    {
      name: 'a file of a type not accepted (GIF)',
      parts: () => [
        { name: 'kind', value: 'id' },
        { name: 'document', filename: 'id.gif', contentType: 'image/gif', data: GIF },
      ],
      status: 415,
      code: 'document_type_not_allowed',
      field: 'document',
    },
    {
      name: 'an HTML page',
      parts: () => [
        { name: 'kind', value: 'id' },
        { name: 'document', filename: 'id.html', contentType: 'text/html', data: HTML },
      ],
      status: 415,
      code: 'document_type_not_allowed',
      field: 'document',
    },
    {
      name: 'a .png name and type with PDF bytes (forged content type)',
      parts: () => [
        { name: 'kind', value: 'id' },
        { name: 'document', filename: 'id.png', contentType: 'image/png', data: pdf() },
      ],
      status: 415,
      code: 'document_type_forged',
      field: 'document',
    },
    {
      name: 'a .png name and type with HTML bytes (forged content type)',
      parts: () => [
        { name: 'kind', value: 'id' },
        { name: 'document', filename: 'id.png', contentType: 'image/png', data: HTML },
      ],
      status: 415,
      code: 'document_type_forged',
      field: 'document',
    },
    {
      name: 'PNG bytes under a .pdf name',
      parts: () => [
        { name: 'kind', value: 'id' },
        { name: 'document', filename: 'id.pdf', contentType: 'application/octet-stream', data: png(8, 8) },
      ],
      status: 415,
      code: 'document_type_forged',
      field: 'document',
    },
    {
      name: 'a file over 5 MB',
      parts: () => [
        { name: 'kind', value: 'id' },
        { name: 'document', filename: 'big.png', contentType: 'image/png', data: png(1300, 1400, true) },
      ],
      status: 413,
      code: 'document_too_large',
      field: 'document',
    },
    {
      name: 'an empty file',
      parts: () => [
        { name: 'kind', value: 'id' },
        { name: 'document', filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) },
      ],
      status: 400,
      code: 'document_empty',
      field: 'document',
    },
    {
      name: 'no file',
      parts: () => [{ name: 'kind', value: 'id' }],
      status: 400,
      code: 'document_required',
      field: 'document',
    },
    {
      name: 'an unknown kind',
      parts: () => [
        { name: 'kind', value: 'passport' },
        { name: 'document', filename: 'id.png', contentType: 'image/png', data: png(8, 8) },
      ],
      status: 400,
      code: 'validation_failed',
      field: 'kind',
    },
  ];
  for (const c of bad) {
    it(`refuses ${c.name} with ${c.code}, localised, and stores nothing`, async () => {
      const m = await member();
      const uploads = (await auditRows('kyc.document.upload')).length;
      const response = await upload(m.token, c.parts(), 'TY');
      expect(response.statusCode, response.body).toBe(c.status);
      expect(response.json()).toMatchObject({ success: false, errorCode: c.code, field: c.field });
      expect(response.json().message).not.toBe(c.code);
      expect(await storedDocuments(m.id)).toEqual([]);
      expect(await auditRows('kyc.document.upload')).toHaveLength(uploads);
      expect((await status(m.token)).json().value.status).toBe('unverified');
    });
  }

  it('says so in Tagalog', async () => {
    const m = await member();
    const response = await upload(
      m.token,
      [
        { name: 'kind', value: 'id' },
        { name: 'document', filename: 'id.png', contentType: 'image/png', data: HTML },
      ],
      'TY',
    );
    expect(response.json().message).toContain('Hindi tugma');
  });
});

describe('the operators’ review', () => {
  const routes = (id: number): [method: 'GET' | 'POST', url: string, body?: object][] => [
    ['GET', '/admin-api/kyc/documents'],
    ['GET', `/admin-api/kyc/documents/${id}`],
    ['GET', `/admin-api/kyc/documents/${id}/file`],
    ['POST', `/admin-api/kyc/documents/${id}/reject`, { reason: 'unreadable' }],
  ];

  it('is closed to guests and members (401) and to finance and content operators (403)', async () => {
    const m = await member();
    await send(m.token, 'id', png(20, 20), 'id.png', 'image/png');
    const [document] = await storedDocuments(m.id);
    const id = document?.id as number;
    const views = (await auditRows('kyc.document.view')).length;
    for (const [method, url, body] of routes(id)) {
      expect((await admin(undefined, method, url, body)).statusCode, url).toBe(401);
      expect((await admin(m.token, method, url, body)).statusCode, url).toBe(401);
      expect((await admin(`Bearer ${m.token}`, method, url, body)).statusCode, url).toBe(401);
      for (const role of [finance, content]) {
        const refused = await admin(role, method, url, body);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().errorCode).toBe('forbidden');
      }
    }
    const approve = `/admin-api/kyc/documents/${id}/approve`;
    expect((await admin(finance, 'POST', approve, { idNumber: 'X1234' })).statusCode).toBe(403);
    expect((await admin(content, 'POST', approve, { idNumber: 'X1234' })).statusCode).toBe(403);
    // Nothing was decided or viewed by anyone refused.
    expect((await storedDocuments(m.id)).map((d) => d.status)).toEqual(['pending']);
    expect(await auditRows('kyc.document.view')).toHaveLength(views);
  });

  it('lists pending documents oldest first for owners and support, with the member and their status', async () => {
    const m = await member();
    await send(m.token, 'address', pdf(), 'bill.pdf', 'application/pdf');
    for (const role of [owner, support]) {
      const queue = await admin(role, 'GET', `/admin-api/kyc/documents?q=${m.username}`);
      expect(queue.statusCode, queue.body).toBe(200);
      expect(queue.json().value.list).toEqual([
        expect.objectContaining({
          merchantCode: 'tala',
          username: m.username,
          kind: 'address',
          contentType: 'application/pdf',
          status: 'pending',
          memberStatus: 'pending',
        }),
      ]);
    }
    const all = (await admin(support, 'GET', '/admin-api/kyc/documents?pageSize=200')).json().value.list;
    const ids = all.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
  });

  it('serves a document as its content type with nosniff and a safe name, and audits every view', async () => {
    const m = await member();
    const bytes = png(30, 20);
    await send(m.token, 'id', bytes, 'my "id".png', 'image/png');
    const [document] = await storedDocuments(m.id);
    const target = `kyc_document:${document?.id}`;
    for (const [role, name] of [
      [owner, 'owner'],
      [support, 'support'],
      [support, 'support'],
    ] as const) {
      const view = await admin(role, 'GET', `/admin-api/kyc/documents/${document?.id}/file`);
      expect(view.statusCode).toBe(200);
      expect(view.headers['content-type']).toBe('image/png');
      expect(view.headers['x-content-type-options']).toBe('nosniff');
      expect(view.headers['content-disposition']).toBe(`inline; filename="document-${document?.id}-id.png"`);
      expect(view.headers['cache-control']).toBe('no-store');
      expect(view.rawPayload.equals(bytes)).toBe(true);
      expect((await auditRows('kyc.document.view', target)).at(-1)).toMatchObject({
        actor_type: 'operator',
        actor_name: name,
        merchant_id: tala.id,
      });
    }
    expect(await auditRows('kyc.document.view', target)).toHaveLength(3);
    const missing = await admin(owner, 'GET', '/admin-api/kyc/documents/999999999/file');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('document_not_found');
  });

  it('rejects with a reason from the list (a note required with “other”), shown to the member', async () => {
    const m = await member();
    await send(m.token, 'selfie', png(20, 20), 'me.png', 'image/png');
    const [document] = await storedDocuments(m.id);
    const url = `/admin-api/kyc/documents/${document?.id}/reject`;
    const noNote = await admin(support, 'POST', url, { reason: 'other' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({ errorCode: 'reject_note_required', field: 'note' });
    const unknown = await admin(support, 'POST', url, { reason: 'ugly' });
    expect(unknown.json()).toMatchObject({ errorCode: 'validation_failed', field: 'reason' });
    expect((await storedDocuments(m.id))[0]?.status).toBe('pending');
    const rejected = await admin(support, 'POST', url, {
      reason: 'unreadable',
      note: 'The photo is blurred.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({
      status: 'rejected',
      reviewedBy: 'support',
      memberStatus: 'rejected',
    });
    const seen = (await status(m.token)).json().value;
    expect(seen).toMatchObject({
      status: 'rejected',
      rejectReason: 'unreadable',
      rejectNote: 'The photo is blurred.',
      needed: ['id', 'selfie', 'address'],
    });
    const again = await admin(owner, 'POST', url, { reason: 'expired' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('document_already_reviewed');
    expect(await auditRows('kyc.document.reject', `kyc_document:${document?.id}`)).toHaveLength(1);
    // A new selfie puts the member back in the queue.
    await send(m.token, 'selfie', png(22, 22), 'me2.png', 'image/png');
    expect((await status(m.token)).json().value.status).toBe('pending');
  });

  it('approves an identity document only with a valid ID number, and verifies the member when all three pass', async () => {
    const m = await member();
    for (const kind of ['id', 'selfie', 'address'])
      await send(m.token, kind, png(40, 30), `${kind}.png`, 'image/png');
    const documents = (await status(m.token)).json().value.documents as { id: number; kind: string }[];
    const idDocument = documents.find((d) => d.kind === 'id') as { id: number };
    const approve = (id: number, body: object) =>
      admin(owner, 'POST', `/admin-api/kyc/documents/${id}/approve`, body);
    expect((await approve(idDocument.id, {})).json()).toMatchObject({
      errorCode: 'id_number_required',
      field: 'idNumber',
    });
    expect((await approve(idDocument.id, { idNumber: '<b>' })).json()).toMatchObject({
      errorCode: 'id_number_invalid',
      field: 'idNumber',
    });
    expect(await services.members.verifiedIdNumber(m.id)).toBeNull();
    const idNumber = `N01-${m.id}-77`;
    expect((await approve(idDocument.id, { idNumber })).json().value).toMatchObject({
      status: 'approved',
      idNumber: `N01${m.id}77`,
      memberStatus: 'pending',
    });
    for (const d of documents.filter((d) => d.kind !== 'id'))
      expect((await approve(d.id, {})).statusCode).toBe(200);
    const seen = (await status(m.token)).json().value;
    expect(seen).toMatchObject({ status: 'verified', needed: [] });
    expect(seen.verifiedAt).not.toBeNull();
    // The ID number other modules read (self-exclusion across merchants), normalised.
    expect(await services.members.verifiedIdNumber(m.id)).toBe(`N01${m.id}77`);
    expect(await services.members.membersWithVerifiedIdNumber(`n01 ${m.id}/77`)).toEqual([
      { id: m.id, merchantId: tala.id, username: m.username },
    ]);
    expect(await auditRows('kyc.member.verified', `member:${m.id}`)).toHaveLength(1);
    const more = await send(m.token, 'selfie', png(10, 10), 'x.png', 'image/png');
    expect(more.statusCode).toBe(409);
    expect(more.json().errorCode).toBe('account_already_verified');
  });

  it('never shows a member another member’s documents', async () => {
    const a = await member();
    const b = await member();
    await send(a.token, 'id', png(10, 10), 'a.png', 'image/png');
    expect((await status(b.token)).json().value.documents).toEqual([]);
    const [document] = await storedDocuments(a.id);
    expect((await admin(b.token, 'GET', `/admin-api/kyc/documents/${document?.id}/file`)).statusCode).toBe(
      401,
    );
  });
});

describe('withdrawals above the merchant’s threshold', () => {
  async function withdrawer(m: { id: number; token: string }) {
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `test:kyc:fund:${m.id}`,
      type: 'deposit',
      from: await services.wallet.houseAccount(tala.id, 'house_deposit_clearing'),
      to: await services.wallet.memberAccount(tala.id, m.id),
      amount: 1_000_000,
      actor: { type: 'system' },
    });
    const call = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { authorization: m.token }, payload });
    expect(
      (await call('/wps/relay/PAY_paymentPassword', { loginPassword: 'secret123', paymentPassword: PAY }))
        .statusCode,
    ).toBe(200);
    const card = await call('/wps/relay/PAY_bankCards', {
      bankName: 'BPI',
      accountNumber: `${Date.now()}${m.id}`.slice(-12),
      payeeName: 'Ana Reyes',
      paymentPassword: PAY,
    });
    expect(card.statusCode, card.body).toBe(200);
    return (amount: number, language = 'EN') =>
      app.inject({
        method: 'POST',
        url: '/wps/relay/PAY_withdraw',
        headers: { authorization: m.token, language },
        payload: { amount, bankCardId: card.json().value.id, paymentPassword: PAY },
      });
  }

  it('are refused until the member is verified, pointing to verification, and allowed after', async () => {
    await withSettings(
      services,
      'tala',
      (s) => {
        s.kyc = { market: 'standard', withdrawalThreshold: 100_000 };
      },
      async () => {
        const m = await member();
        const withdraw = await withdrawer(m);
        const balance = async () =>
          services.wallet.balance(await services.wallet.memberAccount(tala.id, m.id));
        const refused = await withdraw(100_001);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ errorCode: 'verification_required', field: 'amount' });
        expect(refused.json().message).toContain('P1,000');
        expect(refused.json().message).toContain('Verification');
        expect((await withdraw(150_000, 'TY')).json().message).toContain('Beripikasyon');
        expect(await balance()).toBe(1_000_000);
        // At or below the threshold no verification is needed.
        expect((await withdraw(100_000)).statusCode).toBe(200);
        expect(await balance()).toBe(900_000);

        // The same member once verified.
        for (const kind of ['id', 'selfie', 'address'])
          await send(m.token, kind, png(40, 30), `${kind}.png`, 'image/png');
        for (const d of (await status(m.token)).json().value.documents) {
          await admin(
            support,
            'POST',
            `/admin-api/kyc/documents/${d.id}/approve`,
            d.kind === 'id' ? { idNumber: `V${m.id}X` } : {},
          );
        }
        const allowed = await withdraw(300_000);
        expect(allowed.statusCode, allowed.body).toBe(200);
        expect(await balance()).toBe(600_000);
      },
    );
  });

  it('are allowed for a verified member under the default threshold too', async () => {
    const m = await verifiedMember();
    const withdraw = await withdrawer(m);
    expect((await withdraw(200_000)).statusCode).toBe(200);
  });
});

describe('the age gate', () => {
  const yearsAgo = (years: number, days = 0) => {
    const day = new Date();
    day.setUTCFullYear(day.getUTCFullYear() - years);
    day.setUTCDate(day.getUTCDate() + days);
    return day.toISOString().slice(0, 10);
  };

  it('refuses registration below the merchant’s minimum age with its own code (18, then 21 under PAGCOR)', async () => {
    const young = await register(app, { birthday: yearsAgo(18, 2) }, { merchant: 'tala' });
    expect(young.statusCode).toBe(400);
    expect(young.json()).toMatchObject({ errorCode: 'registration_under_age', field: 'birthday' });
    expect(young.json().message).toContain('18');
    expect((await register(app, { birthday: yearsAgo(18, -2) }, { merchant: 'tala' })).statusCode).toBe(200);

    await withSettings(
      services,
      'tala',
      (s) => {
        s.kyc = { market: 'pagcor', withdrawalThreshold: 5_000_000 };
        s.minimumAge = 21;
      },
      async () => {
        const settings = await app.inject({
          url: '/wps/system/setting/register',
          headers: { merchant: 'tala' },
        });
        expect(settings.json().value.minimumAge).toBe(21);
        const nineteen = await register(
          app,
          { birthday: yearsAgo(19) },
          { merchant: 'tala', language: 'TY' },
        );
        expect(nineteen.statusCode).toBe(400);
        expect(nineteen.json()).toMatchObject({ errorCode: 'registration_under_age', field: 'birthday' });
        expect(nineteen.json().message).toContain('21');
        const adult = await register(app, { birthday: yearsAgo(22) }, { merchant: 'tala' });
        expect(adult.statusCode, adult.body).toBe(200);
        const info = await app.inject({
          url: '/wps/member/info',
          headers: { merchant: 'tala', authorization: adult.json().value.token },
        });
        expect(info.json().value.birthday).toBe(yearsAgo(22));
      },
    );
  });

  it('keeps the minimum age at 18 or 21, and at 21 for a PAGCOR market', async () => {
    const stored = await services.merchants.storedSettings('tala');
    const put = (settings: object) =>
      app.inject({
        method: 'PUT',
        url: '/admin-api/merchants/tala/settings',
        headers: { authorization: owner },
        payload: settings,
      });
    const nineteen = await put({ ...stored, minimumAge: 19 });
    expect(nineteen.statusCode).toBe(400);
    expect(nineteen.json()).toMatchObject({ errorCode: 'validation_failed', field: 'minimumAge' });
    const pagcor18 = await put({
      ...stored,
      minimumAge: 18,
      kyc: { market: 'pagcor', withdrawalThreshold: 1 },
    });
    expect(pagcor18.statusCode).toBe(400);
    expect(pagcor18.json()).toMatchObject({ errorCode: 'minimum_age_below_market', field: 'minimumAge' });
    const negative = await put({ ...stored, kyc: { market: 'standard', withdrawalThreshold: -1 } });
    expect(negative.json()).toMatchObject({
      errorCode: 'validation_failed',
      field: 'kyc.withdrawalThreshold',
    });
    expect(await services.merchants.storedSettings('tala')).toEqual(stored);
  });
});

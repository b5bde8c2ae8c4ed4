import '@testing-library/jest-dom/vitest';
import { moneyDisplay } from '@tala/contracts/money-format';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { rememberMerchantMoney, scopeMerchantMoney } from '../../../lib/money.ts';
import { RoomsAdmin } from './rooms-admin.tsx';

// The bingo rooms' editor (decision 069): each room has a currency, and its card price is shown and taken in it,
// whichever merchant's page the operator is on; a fraction of the minor unit goes to the server as a fraction, which
// refuses it (amount_too_precise).

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let refuse: { errorCode: string; field: string; message: string } | null;

const prizes75 = [
  { pattern: 'line', sharePermille: 150 },
  { pattern: 'fullHouse', sharePermille: 450 },
];
const room = (code: string, currency: string, cardPrice: number) => ({
  code,
  game: 'bingo75',
  name: `Room ${code}`,
  minBet: cardPrice,
  maxBet: cardPrice * 12,
  bettingSeconds: 60,
  resultSeconds: 233,
  maintenance: false,
  openRounds: 0,
  openBets: 0,
  room: { currency, cardPrice, maxCards: 12, ballMs: 3_000, prizes: prizes75 },
});
const rooms = [room('BGO-75', 'PHP', 500), room('BGO-VN75', 'VND', 5_000)];

const ok = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value }), { headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  rememberMerchantMoney([
    { code: 'tala', money: moneyDisplay({ currency: 'PHP' }) },
    { code: 'vn', money: moneyDisplay({ currency: 'VND' }) },
  ]);
});
beforeEach(() => {
  calls = [];
  refuse = null;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(init.body as string) : undefined });
    if (method === 'PUT' && refuse)
      return new Response(JSON.stringify({ success: false, ...refuse }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    if (method === 'PUT') return ok(rooms.find((r) => url.endsWith(`/${r.code}`)));
    return ok({ list: rooms });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  scopeMerchantMoney(undefined);
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RoomsAdmin canManage />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** A room's card, found by its save button. */
async function card(code: string) {
  const button = await screen.findByRole('button', { name: `Save ${code}` });
  return within(button.closest('form') as HTMLElement);
}

const saved = () => calls.filter((c) => c.method === 'PUT');

describe('a bingo room’s card price in the room’s currency', () => {
  it('shows each room’s price in its own currency, on a peso merchant’s page too', async () => {
    await i18n.changeLanguage('EN');
    scopeMerchantMoney('tala');
    show();
    const peso = await card('BGO-75');
    expect(peso.getByLabelText('Card price (PHP)')).toHaveValue('5.00');
    expect(peso.getByText(/card 5\.00 PHP/)).toBeInTheDocument();
    const dong = await card('BGO-VN75');
    expect(dong.getByLabelText('Card price (VND)')).toHaveValue('5,000');
    expect(dong.getByText(/card 5,000 VND/)).toBeInTheDocument();
  });

  it('takes dong without decimals and sends the room’s currency with the price', async () => {
    await i18n.changeLanguage('EN');
    scopeMerchantMoney('tala');
    show();
    const dong = await card('BGO-VN75');
    fireEvent.change(dong.getByLabelText('Card price (VND)'), { target: { value: '7,000' } });
    fireEvent.click(dong.getByRole('button', { name: 'Save BGO-VN75' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]?.url).toMatch(/\/admin-api\/live\/tables\/BGO-VN75$/);
    expect(saved()[0]?.body).toMatchObject({ room: { currency: 'VND', cardPrice: 7_000, maxCards: 12 } });
  });

  it('takes pesos with two decimals; a fraction of a centavo goes as a fraction the server refuses', async () => {
    await i18n.changeLanguage('EN');
    scopeMerchantMoney('vn');
    show();
    const peso = await card('BGO-75');
    fireEvent.change(peso.getByLabelText('Card price (PHP)'), { target: { value: '7.25' } });
    fireEvent.click(peso.getByRole('button', { name: 'Save BGO-75' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]?.body).toMatchObject({ room: { currency: 'PHP', cardPrice: 725 } });
    refuse = { errorCode: 'amount_too_precise', field: 'room.cardPrice', message: 'Too many decimals.' };
    fireEvent.change(peso.getByLabelText('Card price (PHP)'), { target: { value: '7.255' } });
    fireEvent.click(peso.getByRole('button', { name: 'Save BGO-75' }));
    await waitFor(() => expect(saved()).toHaveLength(2));
    expect(saved()[1]?.body).toMatchObject({ room: { currency: 'PHP', cardPrice: 725.5 } });
    expect((await peso.findAllByText('Too many decimals.')).length).toBeGreaterThan(0);
  });
});

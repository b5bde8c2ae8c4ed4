import '@testing-library/jest-dom/vitest';
import { moneyDisplay } from '@tala/contracts/money-format';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { rememberMerchantMoney } from '../../../lib/money.ts';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { PvpTablesAdmin } from '../../pvp/components/tables-admin.tsx';
import { TablesAdmin } from './tables-admin.tsx';

// The back office's game editors read and take amounts in the merchant's currency (issue 19 item 3, decisions 061
// and 069): pesos with two decimals, dong with none; the live studio's shared limits as the merchant's members see
// them (times the currency's stake scale); a fraction of the minor unit is the server's amount_too_precise.

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let refuse: { errorCode: string; field: string } | null;

const ok = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value }), { headers: { 'content-type': 'application/json' } });

const liveTable = {
  code: 'BAC-1',
  game: 'baccarat',
  name: 'Baccarat 1',
  minBet: 1_000,
  maxBet: 5_000_000,
  bettingSeconds: 20,
  resultSeconds: 8,
  maintenance: false,
  openRounds: 0,
  openBets: 0,
  room: null,
};
const pvpTable = {
  code: 'HOLDEM-10',
  game: 'holdem',
  name: 'Hold’em',
  stake: 1_000,
  seats: 6,
  minBuyIn: 40_000,
  maxBuyIn: 200_000,
  rakeBps: 500,
  rakeCap: 5_000,
  turnSeconds: 20,
  maintenance: false,
  seated: 0,
  running: false,
  leastBuyIn: 20_000,
};

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
      return new Response(JSON.stringify({ success: false, message: 'Too many decimals.', ...refuse }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    if (url.endsWith('/admin-api/live/tables')) return ok({ list: [liveTable] });
    if (url.endsWith('/pvp/tables')) return ok({ list: [pvpTable] });
    return ok(method === 'PUT' && url.includes('/pvp/') ? pvpTable : liveTable);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const money: MoneyFormat = { amount: (n) => `~${n}`, exact: (n) => `=${n}` };

function show(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </I18nextProvider>,
  );
}

async function type(label: string, text: string) {
  const input = (await screen.findByLabelText(label)) as HTMLInputElement;
  fireEvent.change(input, { target: { value: text } });
}

const saved = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body as Record<string, unknown>);

describe('the live studio’s table limits in the merchant’s currency', () => {
  it('shows and takes pesos with two decimals for a peso merchant', async () => {
    await i18n.changeLanguage('EN');
    show(<TablesAdmin merchant="tala" money={money} canManage />);
    expect(await screen.findByLabelText('Least bet')).toHaveValue('10.00');
    expect(screen.getByLabelText('Most bet')).toHaveValue('50,000.00');
    await type('Least bet', '1.25');
    fireEvent.click(screen.getByRole('button', { name: 'Save BAC-1' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ minBet: 125, maxBet: 5_000_000 });
  });

  it('sends 1.255 pesos as a fraction, which the server refuses with amount_too_precise', async () => {
    await i18n.changeLanguage('EN');
    refuse = { errorCode: 'amount_too_precise', field: 'minBet' };
    show(<TablesAdmin merchant="tala" money={money} canManage />);
    await type('Least bet', '1.255');
    fireEvent.click(screen.getByRole('button', { name: 'Save BAC-1' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ minBet: 125.5 });
    expect((await screen.findAllByText('Too many decimals.')).length).toBeGreaterThan(0);
  });

  it('shows and takes dong, without decimals, as the dong merchant’s members see the table', async () => {
    await i18n.changeLanguage('EN');
    show(<TablesAdmin merchant="vn" money={money} canManage />);
    // P10 (1,000 centavos) is 10,000 ₫ for the dong's members (stake scale 10).
    expect(await screen.findByLabelText('Least bet')).toHaveValue('10,000');
    expect(screen.getByLabelText('Most bet')).toHaveValue('50,000,000');
    expect(screen.getByText(/in steps of =10/)).toBeInTheDocument();
    await type('Least bet', '50000');
    fireEvent.click(screen.getByRole('button', { name: 'Save BAC-1' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    // Kept for the peso: 5,000 centavos, which the dong's members read as 50,000 ₫.
    expect(saved()[0]).toMatchObject({ minBet: 5_000 });
  });

  it('refuses dong between the ladder’s steps without calling the server', async () => {
    await i18n.changeLanguage('EN');
    show(<TablesAdmin merchant="vn" money={money} canManage />);
    await type('Least bet', '50005');
    fireEvent.click(screen.getByRole('button', { name: 'Save BAC-1' }));
    expect(await screen.findByText('Type a whole amount or number of seconds.')).toBeInTheDocument();
    expect(saved()).toEqual([]);
  });
});

describe('a merchant’s PvP table stakes in its currency', () => {
  it('takes dong without decimals: 50,000 ₫ is stored as 50000', async () => {
    await i18n.changeLanguage('EN');
    show(<PvpTablesAdmin merchant="vn" money={money} canManage />);
    expect(await screen.findByLabelText('Stake')).toHaveValue('1,000');
    await type('Stake', '50000');
    await type('Least buy-in', '2,000,000');
    fireEvent.click(screen.getByRole('button', { name: 'Save HOLDEM-10' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({
      stake: 50_000,
      minBuyIn: 2_000_000,
      maxBuyIn: 200_000,
      rakeCap: 5_000,
    });
  });

  it('takes pesos with two decimals: 1.25 is 125, and 1.255 goes as a fraction the server refuses', async () => {
    await i18n.changeLanguage('EN');
    show(<PvpTablesAdmin merchant="tala" money={money} canManage />);
    expect(await screen.findByLabelText('Stake')).toHaveValue('10.00');
    await type('Stake', '1.25');
    fireEvent.click(screen.getByRole('button', { name: 'Save HOLDEM-10' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ stake: 125 });
    refuse = { errorCode: 'amount_too_precise', field: 'stake' };
    await type('Stake', '1.255');
    fireEvent.click(screen.getByRole('button', { name: 'Save HOLDEM-10' }));
    await waitFor(() => expect(saved()).toHaveLength(2));
    expect(saved()[1]).toMatchObject({ stake: 125.5 });
    expect((await screen.findAllByText('Too many decimals.')).length).toBeGreaterThan(0);
  });
});

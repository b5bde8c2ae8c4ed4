import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { tradingRoles } from '../lib/roles.ts';
import { ApprovalsAdmin } from './approvals-admin.tsx';
import { LiabilityAdmin } from './liability-admin.tsx';
import { MarketDetail } from './market-detail.tsx';
import { MemberLimitsAdmin } from './settings-admin.tsx';

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let liabilityList: unknown[];
const money: MoneyFormat = { amount: (n) => `P${n}`, exact: (n) => `P${n}` };

const json = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value }), { headers: { 'content-type': 'application/json' } });

const market = {
  marketId: 5,
  marketName: '1x2',
  type: '1x2',
  specifiers: '',
  eventId: 'sr:match:1',
  eventName: 'Kaya vs Stallion',
  competitors: ['Kaya', 'Stallion'],
  sport: 'football',
  league: { id: 'sr:tournament:pfl', name: 'PFL' },
  startTime: '2026-11-27T10:00:00.000Z',
  status: 'active',
  suspended: false,
  bets: 3,
  stakes: 17_000,
  worstCase: -13_000,
  outcomes: [
    { id: 'home', name: 'Home', price: 1_909, bets: 2, stakes: 15_000, payout: 30_000, net: -13_000 },
    { id: 'away', name: 'Away', price: 3_628, bets: 1, stakes: 2_000, payout: 7_600, net: 9_400 },
  ],
};
const proposal = {
  id: 9,
  marketId: 5,
  marketName: '1x2',
  marketType: '1x2',
  specifiers: '',
  eventId: 'sr:match:1',
  eventName: 'Kaya vs Stallion',
  competitors: ['Kaya', 'Stallion'],
  sport: 'football',
  league: { id: 'sr:tournament:pfl', name: 'PFL' },
  outcomes: [
    { id: 'home', name: 'Home', result: 'win' },
    { id: 'away', name: 'Away', result: 'lose' },
  ],
  reason: 'feed down',
  status: 'proposed',
  proposedBy: 'owner',
  decidedBy: null,
  note: null,
  createdAt: '2026-11-26T18:00:00.000Z',
  decidedAt: null,
  settled: null,
};

beforeEach(() => {
  calls = [];
  liabilityList = [market];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(init.body as string) : undefined,
    };
    calls.push(call);
    if (url.includes('/liability'))
      return json({ list: liabilityList, totals: { bets: 3, stakes: 17_000, worstCase: -13_000 } });
    if (url.includes('/markets/5/suspend')) return json({ suspended: true });
    if (url.includes('/markets/5/settlements')) return json(proposal);
    if (url.includes('/markets/5'))
      return json({
        market,
        feedPrices: [
          { id: 'home', price: 2_000 },
          { id: 'away', price: 3_800 },
        ],
        marginBps: 500,
        eventSuspended: false,
        suspensionReason: null,
        proposals: [],
      });
    if (url.includes('/approve'))
      return json({ ...proposal, status: 'approved', decidedBy: 'finance', settled: 3 });
    if (url.includes('/settlements'))
      return json({ list: [proposal], pageNo: 1, pageSize: 20, total: 1, totalPages: 1 });
    if (url.includes('/member-limits/') && call.method === 'PUT')
      return json({
        memberId: 7,
        username: 'rosa',
        stakeFactor: 100,
        maxSingleStake: 500_000,
        maxParlayStake: 100_000,
      });
    if (url.includes('/member-limits'))
      return json({
        list: [
          {
            memberId: 7,
            username: 'rosa',
            stakeFactor: 1_000,
            maxSingleStake: 5_000_000,
            maxParlayStake: 1_000_000,
          },
        ],
        pageNo: 1,
        pageSize: 20,
        total: 1,
        totalPages: 1,
      });
    return json({});
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('sports trading pages', () => {
  it('mirror the server’s roles', () => {
    const roles = ['owner', 'finance', 'support', 'content'] as const;
    expect(roles.map((r) => tradingRoles.read(r))).toEqual([true, true, true, false]);
    expect(roles.map((r) => tradingRoles.manage(r))).toEqual([true, false, false, false]);
    expect(roles.map((r) => tradingRoles.decide(r))).toEqual([true, true, false, false]);
  });

  it('shows the liability per outcome and the worst case, sorted as asked', async () => {
    const open = vi.fn();
    renderWith(<LiabilityAdmin merchant="tala" money={money} onOpen={open} />);
    expect(
      await screen.findByText(/Kaya @ 1.909: stakes P15000, pays P30000, house P-13000/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('sports-worst-case')).toHaveTextContent('P-13000');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'stakes' } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('sort=stakes'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /Open market Kaya vs Stallion/ }));
    expect(open).toHaveBeenCalledWith(5);
  });

  it('marks a suspended market with the suspended badge, and only that one', async () => {
    liabilityList = [
      market,
      {
        ...market,
        marketId: 7,
        marketName: 'Total 2.5',
        type: 'total',
        specifiers: 'total=2.5',
        suspended: true,
      },
    ];
    renderWith(<LiabilityAdmin merchant="tala" money={money} onOpen={() => {}} />);
    const badge = await screen.findByText('Suspended');
    expect(badge).toHaveClass('badge', 'badge-off');
    expect(badge.closest('td')).toHaveTextContent(/^Total goals 2\.5 Suspended$/);
    expect(screen.getAllByText('Suspended')).toHaveLength(1);
  });

  it('names markets, outcomes and sports in the operator’s language, not by the feed’s keys', async () => {
    liabilityList = [
      {
        ...market,
        marketId: 6,
        marketName: 'Asian handicap -0.75',
        type: 'asian_handicap',
        specifiers: 'hcp=-0.75',
        outcomes: [
          { ...market.outcomes[0], name: 'Home -0.75' },
          { ...market.outcomes[1], name: 'Away 0.75' },
        ],
      },
      {
        ...market,
        marketId: 7,
        marketName: 'Total goals 2.5',
        type: 'total',
        specifiers: 'total=2.5',
        sport: 'ice_hockey',
        outcomes: [
          { ...market.outcomes[0], id: 'over', name: 'Over 2.5' },
          { ...market.outcomes[1], id: 'under', name: 'Under 2.5' },
        ],
      },
    ];
    renderWith(<LiabilityAdmin merchant="tala" money={money} onOpen={() => {}} />);
    const ah = (await screen.findByText('Asian handicap -0.75')).closest('tr') as HTMLElement;
    expect(within(ah).getByText('Football · PFL')).toBeInTheDocument();
    expect(within(ah).getByText(/^Kaya -0.75 @ 1.909/)).toBeInTheDocument();
    expect(within(ah).getByText(/^Stallion \+0.75 @ 3.628/)).toBeInTheDocument();
    expect(within(ah).getByTitle('asian_handicap hcp=-0.75')).toBeInTheDocument();
    const total = screen.getByText('Total goals (incl. overtime) 2.5').closest('tr') as HTMLElement;
    expect(within(total).getByText('Ice hockey · PFL')).toBeInTheDocument();
    expect(within(total).getByText(/^Over 2.5 @ 1.909/)).toBeInTheDocument();
    expect(screen.queryByText(/hcp=|total=|asian_handicap|ice_hockey/)).toBeNull();

    await act(() => changeLanguage('VI'));
    try {
      expect(await screen.findByText('Kèo chấp châu Á -0.75')).toBeInTheDocument();
      expect(screen.getByText('Tài 2.5', { exact: false })).toBeInTheDocument();
      expect(screen.getAllByText('Bóng đá · PFL')).toHaveLength(1);
    } finally {
      await act(() => changeLanguage('EN'));
    }
  });

  it('lets an owner suspend a market and propose its result', async () => {
    renderWith(<MarketDetail merchant="tala" marketId={5} money={money} canManage onClose={() => {}} />);
    expect(await screen.findByText('2.000')).toBeInTheDocument();
    expect(screen.getByText('1.909')).toBeInTheDocument();
    // The market's status in words, not the feed's value.
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.queryByText('active')).toBeNull();
    fireEvent.change(screen.getAllByLabelText('Reason')[0] as HTMLElement, {
      target: { value: 'sharp money' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend market' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'POST', body: { reason: 'sharp money' } }),
      ),
    );
    fireEvent.change(screen.getByLabelText('Result of Kaya'), { target: { value: 'win' } });
    fireEvent.change(screen.getByLabelText('Result of Stallion'), { target: { value: 'half_lose' } });
    fireEvent.change(screen.getAllByLabelText('Reason')[1] as HTMLElement, {
      target: { value: 'feed down' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Propose settlement' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/markets/5/settlements'))?.body).toEqual({
        outcomes: { home: 'win', away: 'half_lose' },
        reason: 'feed down',
      }),
    );
  });

  it('hides the changes from readers', async () => {
    renderWith(
      <MarketDetail merchant="tala" marketId={5} money={money} canManage={false} onClose={() => {}} />,
    );
    expect(await screen.findByText('2.000')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend market' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Propose settlement' })).toBeNull();
  });

  it('approves a waiting proposal, and shows no buttons to support', async () => {
    renderWith(<ApprovalsAdmin merchant="tala" canDecide />);
    const row = (await screen.findByText('feed down')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Kaya: Win, Stallion: Lose')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Approve proposal 9' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/settlements/9/approve'))).toBe(true));
    cleanup();
    renderWith(<ApprovalsAdmin merchant="tala" canDecide={false} />);
    await screen.findByText('feed down');
    expect(screen.queryByRole('button', { name: 'Approve proposal 9' })).toBeNull();
  });

  it('saves a member’s stake factor in thousandths', async () => {
    renderWith(<MemberLimitsAdmin merchant="tala" money={money} canManage />);
    fireEvent.change(await screen.findByLabelText('Stake factor of rosa'), { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the stake factor of rosa' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: expect.stringContaining('/member-limits/7'),
        body: { stakeFactor: 100 },
      }),
    );
  });
});

import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonalProfit } from './records.tsx';

vi.mock('../../../lib/session.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/session.ts')>()),
  useSessionToken: () => 'token-1',
}));

const currency = { symbol: 'P', exponent: 2 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('personal profit and loss (decision 042: the lottery’s rebates)', () => {
  it('shows the rebate of each product and of the total, the profit counting it', async () => {
    const value = {
      period: 'today',
      from: '2026-11-27',
      to: '2026-11-27',
      products: [
        { product: 'LOTT', count: 3, bet: 185_000, win: 9_750_000, rebate: 3_100, profit: 9_568_100 },
      ],
      totals: { count: 3, bet: 185_000, win: 9_750_000, rebate: 3_100, profit: 9_568_100 },
    };
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify({ success: true, value })));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PersonalProfit currency={currency} />
      </QueryClientProvider>,
    );
    const table = await screen.findByTestId('profit-loss');
    expect(within(table).getByRole('columnheader', { name: 'Rebate' })).toBeInTheDocument();
    const [lottery, total] = [
      within(table).getAllByRole('row')[1]!,
      within(table).getAllByRole('row').at(-1)!,
    ];
    for (const row of [lottery, total]) {
      const cells = within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(cells).toEqual([
        '3',
        expect.stringContaining('1,850.00'),
        expect.stringContaining('97,500.00'),
        expect.stringContaining('31.00'),
        expect.stringContaining('95,681.00'),
      ]);
    }
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/wps/relay/MCSFE_getProfitLoss');
  });
});

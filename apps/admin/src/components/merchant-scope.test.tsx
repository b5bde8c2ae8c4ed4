import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MembersList } from '../features/members/components/members-list.tsx';
import { i18n } from '../lib/i18n.ts';

/**
 * The merchant filter of a cross-merchant list, for an operator of two merchants (decision 060): it offers every
 * merchant of the operator (what /admin-api/merchants answers) and "All merchants", which asks the list without a
 * merchant (the server narrows it to the operator's merchants) and shows the rows of both.
 */
const money = { currency: 'PHP', symbol: '₱', exponent: 2, displayDecimals: 0 };
const merchants = [
  { code: 'tala', brandName: 'Tala Casino', domains: ['tala.localhost'], suspended: false, money },
  { code: 'lucky', brandName: 'Lucky Star', domains: ['lucky.localhost'], suspended: false, money },
];
const member = (id: number, merchantCode: string, account: string) => ({
  id,
  merchantCode,
  account,
  nickname: null,
  type: 0,
  status: 'active',
  mobile: null,
  email: null,
  payeeName: null,
  vipLevel: 0,
  uplineAccount: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastLoginAt: null,
  lastLoginIp: null,
});
const rows = [member(2, 'lucky', 'lucky.player'), member(1, 'tala', 'tala.player')];

let asked: URL[];
const json = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url, 'http://admin.test');
    asked.push(parsed);
    if (parsed.pathname === '/admin-api/merchants') return json(merchants);
    const code = parsed.searchParams.get('merchantCode');
    const list = code ? rows.filter((r) => r.merchantCode === code) : rows;
    return json({ list, pageNo: 1, pageSize: 20, total: list.length, totalPages: 1 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMembers() {
  const router = createMemoryRouter([{ path: '/members', element: <MembersList /> }], {
    initialEntries: ['/members'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the merchant filter of an operator of two merchants', () => {
  it('lists both merchants on "All merchants", asking without a merchant, and one when picked', async () => {
    renderMembers();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(await within(table).findByText('tala.player')).toBeInTheDocument();
    expect(within(table).getByText('lucky.player')).toBeInTheDocument();
    const membersCalls = () => asked.filter((u) => u.pathname === '/admin-api/members');
    expect(membersCalls()[0]?.searchParams.has('merchantCode')).toBe(false);

    const filter = screen.getByRole('combobox', { name: 'Merchant' });
    await waitFor(() =>
      expect(
        within(filter)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All merchants', 'Tala Casino (tala)', 'Lucky Star (lucky)']),
    );
    fireEvent.change(filter, { target: { value: 'lucky' } });
    await waitFor(() => expect(within(table).queryByText('tala.player')).not.toBeInTheDocument());
    expect(within(table).getByText('lucky.player')).toBeInTheDocument();
    expect(membersCalls().at(-1)?.searchParams.get('merchantCode')).toBe('lucky');
  });
});

import '@testing-library/jest-dom/vitest';
import type { SystemStatus } from '@tala/contracts/system';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { MaintenancePage } from './maintenance-page.tsx';
import { RegionBlockedPage } from './region-blocked-page.tsx';

/** The status as the server sends it: the merchant's texts in every language it wrote (decision 066). */
const status = {
  maintenance: {
    enabled: true,
    title: { EN: 'Upgrading', VI: 'Đang nâng cấp' },
    message: { EN: 'Back soon.', VI: 'Chúng tôi sẽ quay lại sớm.' },
    endTime: null,
  },
  regionRestriction: { restricted: true, message: { EN: 'Not in your region.' } },
  location: { ip: '8.8.8.8', countryCode: 'US' },
  info: {
    whitelabel: {
      brandName: 'Sao Mai',
      logoUrl: '/brand/saomai.svg',
      supportedLanguages: ['EN', 'VI'],
      timeZone: 'Asia/Ho_Chi_Minh',
      copyright: { EN: '© 2026 Sao Mai. All rights reserved.', VI: '© 2026 Sao Mai. Bảo lưu mọi quyền.' },
    },
  },
  customerService: [],
} as unknown as SystemStatus;

function show(page: React.ReactNode) {
  render(<Suspense fallback={null}>{page}</Suspense>);
}

afterEach(cleanup);
afterAll(() => changeLanguage('EN', false));

describe("the merchant's texts on the status pages, in the visitor's language", () => {
  it('shows a Vietnamese visitor the Vietnamese maintenance title, message and copyright', async () => {
    await act(() => changeLanguage('VI', false));
    show(<MaintenancePage status={status} />);
    expect(await screen.findByRole('heading', { name: 'Đang nâng cấp' })).toBeInTheDocument();
    expect(screen.getByText('Chúng tôi sẽ quay lại sớm.')).toBeInTheDocument();
    expect(screen.getByText('© 2026 Sao Mai. Bảo lưu mọi quyền.')).toBeInTheDocument();
  });

  it('falls back to English for a language the merchant did not write', async () => {
    await act(() => changeLanguage('VI', false));
    show(<RegionBlockedPage status={status} />);
    expect(await screen.findByText('Not in your region.')).toBeInTheDocument();
    await act(() => changeLanguage('TH', false));
    expect(await screen.findByText('© 2026 Sao Mai. All rights reserved.')).toBeInTheDocument();
  });

  it("shows the site's own wording when the merchant's text is empty", async () => {
    await act(() => changeLanguage('EN', false));
    show(
      <MaintenancePage status={{ ...status, maintenance: { ...status.maintenance, title: { EN: ' ' } } }} />,
    );
    expect(await screen.findByRole('heading', { name: "We'll be back soon" })).toBeInTheDocument();
    expect(screen.getByText('Back soon.')).toBeInTheDocument();
  });
});

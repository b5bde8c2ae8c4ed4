import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { SettingsEditor } from './settings-editor.tsx';

/** A stored document as the server sends it (only the fields this page edits matter here). */
const settings = {
  whitelabel: {
    brandName: 'Tala Casino',
    logoUrl: '/brand/tala.svg',
    primaryColour: '#0f766e',
    accentColour: '#f59e0b',
    currency: 'PHP',
    currencySymbol: null,
    displayDecimals: 0,
    supportedLanguages: ['EN', 'TY'],
    defaultLanguage: 'EN',
    timeZone: 'Asia/Manila',
    copyright: { EN: '© Tala' },
    licenceText: { EN: 'Play responsibly.', TY: 'Maglaro nang responsable.' },
  },
  modules: {
    usernameRegistration: true,
    mobileRegistration: true,
    mobilePasswordRegistration: false,
    registrationSms: false,
    freePlay: true,
    forcedPasswordExpiry: false,
    loginByCode: true,
    forgotPasswordByPhone: true,
    countryCodePicker: true,
    loginRequiredForHome: false,
  },
  maintenance: {
    enabled: false,
    title: { EN: 'Scheduled maintenance' },
    message: { EN: 'Back soon.' },
    endTime: null,
  },
  region: { mode: 'off', countries: [] as string[], message: { EN: 'Not available.' } },
  customerService: [],
  resources: [],
  analyticsGtagId: null,
  imageCDNs: [],
  launchGameCDNs: [],
  sessionIdleMinutes: 15,
  minimumAge: 18,
  members: {
    singleSession: true,
    passwordExpiryDays: 90,
    newIpSecondCheck: true,
    freePlayBalance: 200_000,
    smsAllowedDialingCodes: ['+63'],
    smsDailyCapPerIp: 10,
    smsDailyCapPerDialingCode: 5000,
    registrationsPerIpPerDay: 20,
    messaging: {
      smsGatewayUrl: null,
      smsApiKey: null,
      smsSenderId: 'TALA',
      smtpUrl: null,
      emailFrom: 'no-reply@tala.localhost',
    },
  },
};

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
let calls: Call[];
let answerPut: () => Response;

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

beforeEach(() => {
  calls = [];
  answerPut = () => json({ success: true, value: settings }, 200, { etag: '"v2"' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    };
    calls.push(call);
    if (call.method === 'PUT') return answerPut();
    return json({ success: true, value: settings }, 200, { etag: '"v1"' });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(canEdit: boolean) {
  const router = createMemoryRouter(
    [{ path: '/settings/:code', element: <SettingsEditor merchantCode="tala" canEdit={canEdit} /> }],
    { initialEntries: ['/settings/tala'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

// Role queries walk the whole form (250 countries in the picker): generous time on a busy machine.
describe('site settings editor', { timeout: 30_000 }, () => {
  it('flags unsaved changes and saves the whole document with the version it started from', async () => {
    renderEditor(true);
    const maintenance = await screen.findByRole('switch', { name: 'Maintenance mode' });
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();

    fireEvent.click(maintenance);
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Cashier upgrade' },
    });
    fireEvent.change(screen.getByLabelText('Expected end'), { target: { value: '2030-01-01T10:00' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Block the listed countries' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Country to add' }), { target: { value: 'SG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Remove Singapore' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /Tiếng Việt/ }));
    fireEvent.click(screen.getByRole('switch', { name: 'Login required for the home page' }));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved. The player site uses them now.')).toBeInTheDocument();

    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/admin-api/merchants/tala/settings');
    expect(put?.headers['If-Match']).toBe('"v1"');
    expect(put?.headers.Authorization).toBeUndefined();
    expect(put?.body).toEqual({
      ...settings,
      maintenance: {
        enabled: true,
        title: { EN: 'Cashier upgrade' },
        message: { EN: 'Back soon.' },
        endTime: '2030-01-01T10:00:00+00:00',
      },
      region: { mode: 'block', countries: ['SG'], message: { EN: 'Not available.' } },
      whitelabel: { ...settings.whitelabel, supportedLanguages: ['EN', 'TY', 'VI'] },
      modules: { ...settings.modules, loginRequiredForHome: true },
    });
  });

  it('writes the maintenance, region, copyright and licence texts per language (decision 066)', async () => {
    renderEditor(true);
    await screen.findByRole('switch', { name: 'Maintenance mode' });
    const section = (name: string) => within(screen.getByRole('region', { name }));
    // A language the site offers gets its tab: Vietnamese appears once it is offered.
    expect(section('Maintenance').queryByRole('button', { name: /^Tiếng Việt/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /Tiếng Việt/ }));

    fireEvent.click(section('Maintenance').getByRole('button', { name: /^Tiếng Việt/ }));
    fireEvent.change(section('Maintenance').getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Bảo trì' },
    });
    fireEvent.change(section('Maintenance').getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Chúng tôi sẽ quay lại sớm.' },
    });
    expect(section('Maintenance').getByRole('button', { name: 'Tiếng Việt ✓' })).toBeInTheDocument();

    fireEvent.click(section('Region restriction').getByRole('button', { name: /^Tagalog/ }));
    fireEvent.change(
      section('Region restriction').getByRole('textbox', { name: 'Message for restricted visitors' }),
      {
        target: { value: 'Hindi available sa inyong lugar.' },
      },
    );

    fireEvent.click(section('Brand').getByRole('button', { name: /^Tiếng Việt/ }));
    fireEvent.change(section('Brand').getByRole('textbox', { name: 'Licence text' }), {
      target: { value: 'Được cấp phép.' },
    });
    // Emptying a language other than English removes it: the site falls back to English.
    fireEvent.click(section('Brand').getByRole('button', { name: 'Tagalog ✓' }));
    expect(section('Brand').getByRole('textbox', { name: 'Licence text' })).toHaveValue(
      'Maglaro nang responsable.',
    );
    fireEvent.change(section('Brand').getByRole('textbox', { name: 'Licence text' }), {
      target: { value: ' ' },
    });
    expect(section('Brand').getByRole('button', { name: 'Tagalog' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved. The player site uses them now.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      ...settings,
      whitelabel: {
        ...settings.whitelabel,
        supportedLanguages: ['EN', 'TY', 'VI'],
        licenceText: { EN: 'Play responsibly.', VI: 'Được cấp phép.' },
      },
      maintenance: {
        ...settings.maintenance,
        title: { EN: 'Scheduled maintenance', VI: 'Bảo trì' },
        message: { EN: 'Back soon.', VI: 'Chúng tôi sẽ quay lại sớm.' },
      },
      region: {
        ...settings.region,
        message: { EN: 'Not available.', TY: 'Hindi available sa inyong lugar.' },
      },
    });
  });

  it('shows a refused text beside its language', async () => {
    answerPut = () =>
      json(
        {
          success: false,
          errorCode: 'validation_failed',
          message: 'The value of maintenance.message.TY is not valid.',
          field: 'maintenance.message.TY',
        },
        400,
      );
    renderEditor(true);
    await screen.findByRole('switch', { name: 'Maintenance mode' });
    const maintenance = within(screen.getByRole('region', { name: 'Maintenance' }));
    fireEvent.click(maintenance.getByRole('button', { name: /^Tagalog/ }));
    fireEvent.change(maintenance.getByRole('textbox', { name: 'Message' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(maintenance.getByRole('textbox', { name: 'Message' })).toHaveAttribute('aria-invalid', 'true'),
    );
  });

  it('shows the server refusal beside the field it names and keeps the draft', async () => {
    answerPut = () =>
      json(
        {
          success: false,
          errorCode: 'validation_failed',
          message: 'The value of whitelabel.primaryColour is not valid.',
          field: 'whitelabel.primaryColour',
        },
        400,
      );
    renderEditor(true);
    const colour = await screen.findByRole('textbox', { name: 'Primary colour' });
    fireEvent.change(colour, { target: { value: 'teal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was saved: The value of whitelabel.primaryColour is not valid.');
    await waitFor(() => expect(colour).toHaveAttribute('aria-invalid', 'true'));
    expect(colour).toHaveAccessibleDescription(/This value is not accepted\./);
    expect(colour).toHaveValue('teal');
    expect(screen.getByRole('textbox', { name: 'Accent colour' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('offers to load the newest document when another save came first', async () => {
    answerPut = () =>
      json({ success: false, errorCode: 'conflict', message: 'This was changed by someone else.' }, 409);
    renderEditor(true);
    fireEvent.click(await screen.findByRole('switch', { name: 'Free play' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Load the newest settings' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Free play' })).toBeChecked();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('is read-only for operators who are not owners', async () => {
    renderEditor(false);
    const maintenance = await screen.findByRole('switch', { name: 'Maintenance mode' });
    expect(
      screen.getByText('Only owners can change site settings. You are viewing them read-only.'),
    ).toBeInTheDocument();
    expect(maintenance).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
  });

  it('edits the member settings: free-play balance in major units saved as minor units, SMS dialling codes', async () => {
    renderEditor(true);
    const balance = await screen.findByRole('textbox', { name: 'Free-play balance (P)' });
    expect(balance).toHaveValue('2,000.00');
    fireEvent.change(balance, { target: { value: '2500.5' } });
    fireEvent.click(screen.getByRole('switch', { name: 'One session per member' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Dialling code to add' }), {
      target: { value: '65' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add dialling code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove +63' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'SMS gateway URL' }), {
      target: { value: 'https://sms.example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved. The player site uses them now.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect((put?.body as typeof settings | undefined)?.members).toEqual({
      ...settings.members,
      singleSession: false,
      freePlayBalance: 250_050,
      smsAllowedDialingCodes: ['+65'],
      messaging: { ...settings.members.messaging, smsGatewayUrl: 'https://sms.example.com' },
    });
  });

  it('keeps an unreadable balance as typed and sends it for the server to name', async () => {
    renderEditor(true);
    const balance = await screen.findByRole('textbox', { name: 'Free-play balance (P)' });
    fireEvent.change(balance, { target: { value: '12.345' } });
    expect(balance).toHaveValue('12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect((put?.body as typeof settings | undefined)?.members.freePlayBalance).toBeNull();
  });
});

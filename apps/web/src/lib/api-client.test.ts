import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client.ts';
import { changeLanguage } from './i18n.ts';
import { setSessionToken } from './session.ts';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setSessionToken(null);
  await changeLanguage('EN');
  localStorage.clear();
});

function sentHeaders(): Record<string, string> {
  return fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
}

describe('api', () => {
  it('unwraps the success envelope and sends the current language without a token for guests', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, value: { ip: '1.2.3.4' } }));
    await expect(api('/wps/system/countryCode', { query: { a: 1, b: undefined } })).resolves.toEqual({
      ip: '1.2.3.4',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/wps/system/countryCode?a=1');
    expect(sentHeaders()).toEqual({ Language: 'EN' });
  });

  it('sends the raw session token and the chosen language, and no Merchant header', async () => {
    setSessionToken('abc123');
    await changeLanguage('TY');
    fetchMock.mockResolvedValue(answer(200, { success: true, value: null }));
    await api('/wps/system/status');
    expect(sentHeaders()).toEqual({ Language: 'TY', Authorization: 'abc123' });
  });

  it('turns an error envelope into an ApiError with the code and the server message', async () => {
    fetchMock.mockResolvedValue(
      answer(404, {
        success: false,
        errorCode: 'merchant_not_found',
        message: 'This site is not configured.',
      }),
    );
    const error = await api('/wps/system/status').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      errorCode: 'merchant_not_found',
      message: 'This site is not configured.',
    });
  });

  it('reports a dropped connection and an unreadable answer in the visitor language', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/wps/x')).rejects.toMatchObject({ errorCode: 'network_error', status: 0 });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(api('/wps/x')).rejects.toMatchObject({ errorCode: 'bad_response', status: 502 });
  });
});

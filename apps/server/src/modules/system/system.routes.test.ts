import { systemStatusResponse } from '@tala/contracts/system';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';

const { app } = await testApp();

describe('public system calls', () => {
  it('answers the permission response of the merchant named in the header', async () => {
    const response = await app.inject({ url: '/wps/system/status', headers: { merchant: 'tala' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    // The route writes its answer without re-checking it (speed); the contract must still hold.
    expect(systemStatusResponse.safeParse(body).success).toBe(true);
    expect(Object.keys(body.value)).toEqual(
      expect.arrayContaining([
        'maintenance',
        'regionRestriction',
        'location',
        'info',
        'register',
        'resources',
        'customerService',
        'analytics',
        'imageCDNs',
        'launchGameCDNs',
      ]),
    );
    expect(body.value.info.whitelabel.currencySymbol).toBe('P');
    expect(body.value.info.whitelabel.supportedLanguages).toEqual(['EN', 'TY']);
    expect(body.value.location.ip).toBe('127.0.0.1');
  });

  it('resolves the merchant from the host when no header is sent', async () => {
    const lucky = await app.inject({
      url: '/wps/system/whitelabel',
      headers: { host: 'lucky.localhost:3000' },
    });
    expect(lucky.json().value.brandName).toBe('Lucky Perlas');
    const route = await app.inject({ url: '/wps/system/domainRoute?domain=LUCKY.localhost' });
    expect(route.json().value.merchantCode).toBe('lucky');
  });

  it('refuses an unknown merchant, a malformed header and an unknown host with a localised 4xx', async () => {
    const unknown = await app.inject({ url: '/wps/system/status', headers: { merchant: 'nobody' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, errorCode: 'merchant_not_found' });

    const malformed = await app.inject({
      url: '/wps/system/status',
      headers: { merchant: '<script>', language: 'TY' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errorCode: 'bad_header', field: 'Merchant' });
    expect(malformed.json().message).toMatch(/Hindi wasto/);

    const host = await app.inject({ url: '/wps/system/status', headers: { host: 'elsewhere.example' } });
    expect(host.statusCode).toBe(404);
  });

  it('answers unknown paths and bad queries with the error envelope', async () => {
    const missing = await app.inject({ url: '/wps/nothing/here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'not_found' });

    const bad = await app.inject({ url: `/wps/system/domainRoute?domain=${'x'.repeat(300)}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 'validation_failed', field: 'domain' });
  });

  it('looks up the visitor country from bundled GeoIP data', async () => {
    const response = await app.inject({ url: '/wps/system/countryCode', remoteAddress: '8.8.8.8' });
    expect(response.json().value).toMatchObject({
      ip: '8.8.8.8',
      countryCode: 'US',
      countryDialingCode: '+1',
    });
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const response = await app.inject({ url: '/api-docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/wps/system/status', '/admin-api/merchants/{code}/settings']),
    );
  });

  it('reports health', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/test-app.ts';

const direct = await testApp();
const proxied = await testApp({ trustProxy: true });

describe('cookies over TLS', () => {
  it('are Secure when a trusted proxy says the request came over https, and not when anyone else says so', async () => {
    const https = { 'x-forwarded-proto': 'https', merchant: 'tala' };
    const behindProxy = await proxied.app.inject({ method: 'GET', url: '/wps/captcha', headers: https });
    expect(behindProxy.headers['set-cookie']).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    const spoofed = await direct.app.inject({ method: 'GET', url: '/wps/captcha', headers: https });
    expect(spoofed.headers['set-cookie']).not.toMatch(/Secure/);
    const plain = await proxied.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      headers: { merchant: 'tala' },
    });
    expect(plain.headers['set-cookie']).not.toMatch(/Secure/);
  });
});

// The visitor's address behind HAProxy (issue 20, bad input): a spoofed X-Forwarded-For is never believed, with
// TRUST_PROXY off not at all (and the log says so), with it on only from the hops it names.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { clientIp, registerForwardedForCheck, trustedProxies } from './client-ip.ts';

/** A server as buildApp makes it, from the environment's TRUST_PROXY, answering the address it sees. */
async function serverWith(env: Record<string, string>) {
  const warnings: string[] = [];
  const trust = trustedProxies(loadConfig(env).trustProxy);
  const app = Fastify({
    trustProxy: trust,
    logger: {
      level: 'warn',
      stream: { write: (line: string) => warnings.push(JSON.parse(line).msg as string) },
    },
  });
  registerForwardedForCheck(app, trust);
  app.get('/ip', async (request) => ({ ip: clientIp(request) }));
  await app.ready();
  const ip = async (remoteAddress: string, forwardedFor?: string) =>
    (
      await app.inject({
        url: '/ip',
        remoteAddress,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      })
    ).json().ip as string;
  return { app, ip, warnings };
}

describe('client address', () => {
  it('ignores X-Forwarded-For while TRUST_PROXY is off, and says so once', async () => {
    const { app, ip, warnings } = await serverWith({});
    // HAProxy (10.0.0.2) passes on the visitor's forged header and appends the real address.
    expect(await ip('10.0.0.2', '6.6.6.6, 203.0.113.7')).toBe('10.0.0.2');
    expect(await ip('203.0.113.8', '1.1.1.1')).toBe('203.0.113.8');
    expect(await ip('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/X-Forwarded-For ignored: TRUST_PROXY is off/);
    await app.close();
  });

  it('believes X-Forwarded-For only from the hops TRUST_PROXY names', async () => {
    const { app, ip, warnings } = await serverWith({ TRUST_PROXY: '10.0.0.2, 192.168.7.0/24' });
    // Through the trusted HAProxy: the address it appended, not the one the visitor forged in front of it.
    expect(await ip('10.0.0.2', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ip('192.168.7.40', '203.0.113.10')).toBe('203.0.113.10');
    // Two trusted hops in a row (HAProxy behind another of ours): still the last untrusted address.
    expect(await ip('10.0.0.2', '6.6.6.6, 203.0.113.11, 192.168.7.5')).toBe('203.0.113.11');
    // Straight from the internet, a forged header is not believed, and the log says why.
    expect(await ip('203.0.113.8', '1.1.1.1')).toBe('203.0.113.8');
    expect(await ip('10.0.0.3', '1.1.1.1')).toBe('10.0.0.3');
    expect(warnings).toEqual(['X-Forwarded-For ignored: 203.0.113.8 is not a proxy that TRUST_PROXY trusts']);
    await app.close();
  });

  it('takes TRUST_PROXY=true as the loopback and private networks, never every hop', async () => {
    const { app, ip, warnings } = await serverWith({ TRUST_PROXY: 'true' });
    // npm run cluster: a browser on the same machine through HAProxy on loopback is a visitor at the proxy's own
    // address, and that is no reason to warn.
    expect(await ip('127.0.0.1', '127.0.0.1')).toBe('127.0.0.1');
    expect(warnings).toEqual([]);
    expect(await ip('127.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ip('10.1.2.3', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ip('203.0.113.8', '1.1.1.1')).toBe('203.0.113.8');
    expect(warnings).toEqual(['X-Forwarded-For ignored: 203.0.113.8 is not a proxy that TRUST_PROXY trusts']);
    await app.close();
  });

  it('stops at start with a message that names a TRUST_PROXY it cannot read', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY="yes": .*not an address: "yes"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.2,haproxy' })).toThrow(/not an address: "haproxy"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10.0.0.0\/33"/);
    expect(loadConfig({ TRUST_PROXY: 'loopback, fd00::/8' }).trustProxy).toBe('loopback, fd00::/8');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});

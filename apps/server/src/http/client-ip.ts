import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRIVATE_HOPS } from '../config.ts';

/**
 * The visitor's address, without the IPv6 prefix: the socket's peer, or with TRUST_PROXY the first address in
 * X-Forwarded-For, read from the right, that is not a trusted proxy (Fastify's trustProxy with proxy-addr).
 */
export function clientIp(request: FastifyRequest): string {
  return request.ip.replace(/^::ffff:/, '');
}

/**
 * Fastify's trustProxy from our setting. `true` is taken as the loopback and private networks, never as "every hop":
 * trusting every hop makes the leftmost X-Forwarded-For entry the visitor, and that is whatever the visitor sent
 * before the proxy appended the real address.
 */
export function trustedProxies(setting: boolean | string | undefined): false | string {
  if (setting === true) return PRIVATE_HOPS;
  return setting ? setting : false;
}

/**
 * Says once per process, in the log, when X-Forwarded-For arrives and is ignored: TRUST_PROXY is off, or the hop that
 * sent it is not a trusted proxy. Either way the visitor's address is the socket's peer (a proxy in front with
 * TRUST_PROXY off makes every visitor that proxy's address, so per-address limits would count them all together).
 */
export function registerForwardedForCheck(app: FastifyInstance, trust: false | string) {
  let told = false;
  app.addHook('onRequest', async (request) => {
    if (told || request.headers['x-forwarded-for'] === undefined) return;
    const peer = request.raw.socket?.remoteAddress ?? '';
    // Fastify's ips run from the peer through the header while each hop is trusted: more than the peer means the
    // peer is a trusted proxy (the visitor may still be the same address, as a loopback client behind HAProxy is).
    if (trust !== false && (request.ips?.length ?? 0) > 1) return;
    told = true;
    request.log.warn(
      { peer, trustProxy: trust },
      trust === false
        ? 'X-Forwarded-For ignored: TRUST_PROXY is off, so the visitor is the connecting address; behind a proxy, set TRUST_PROXY to its address'
        : `X-Forwarded-For ignored: ${peer} is not a proxy that TRUST_PROXY trusts`,
    );
  });
}

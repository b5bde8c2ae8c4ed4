import { createRequire } from 'node:module';

type Lookup = { country: string; phone: number[] } | null;
type GeoIp = { lookup: (ip: string) => Lookup };

const require = createRequire(import.meta.url);
let geoip: GeoIp | undefined;

/** Country of an address from the data set the geoip-country package ships; no network at run time. */
export function lookupCountry(ip: string): { countryCode: string | null; dialingCode: string | null } {
  geoip ??= require('geoip-country') as GeoIp;
  const found = geoip.lookup(ip);
  return {
    countryCode: found?.country ?? null,
    dialingCode: found?.phone[0] === undefined ? null : `+${found.phone[0]}`,
  };
}

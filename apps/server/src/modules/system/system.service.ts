import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import { moneyDisplay } from '@tala/contracts/money-format';
import type { SystemStatus } from '@tala/contracts/system';
import { lookupCountry } from '../../lib/geoip.ts';
import type { Merchant } from '../merchants/merchants.service.ts';

/** Whether the region setting keeps a visitor from this country out. An unknown country is outside every allow list. */
export function isRegionRestricted(region: MerchantSettings['region'], countryCode: string | null): boolean {
  if (region.mode === 'off') return false;
  const listed = countryCode !== null && region.countries.includes(countryCode);
  return region.mode === 'allow' ? !listed : listed;
}

export function systemService() {
  return {
    /** The permission response of spec §3; the site derives its status from it (maintenance 1, region 2, else 0). */
    status(merchant: Merchant, ip: string): SystemStatus {
      const s = merchant.settings;
      const { countryCode } = lookupCountry(ip);
      return {
        // A suspended merchant's site shows its maintenance page (decision 060); the members' money stays.
        maintenance: {
          enabled: s.maintenance.enabled || merchant.suspended,
          title: s.maintenance.title,
          message: s.maintenance.message,
          endTime: s.maintenance.endTime,
        },
        regionRestriction: {
          restricted: isRegionRestricted(s.region, countryCode),
          message: s.region.message,
        },
        location: { ip, countryCode },
        info: { whitelabel: { ...s.whitelabel, ...moneyDisplay(s.whitelabel) } },
        register: {
          usernameRegistration: s.modules.usernameRegistration,
          mobileRegistration: s.modules.mobileRegistration,
          freePlay: s.modules.freePlay,
          minimumAge: s.minimumAge,
          loginByCode: s.modules.loginByCode,
          forgotPasswordByPhone: s.modules.forgotPasswordByPhone,
        },
        resources: s.resources,
        customerService: s.customerService,
        analytics: { gtagId: s.analyticsGtagId },
        imageCDNs: s.imageCDNs,
        launchGameCDNs: s.launchGameCDNs,
        loginRequired: s.modules.loginRequiredForHome,
        merchantCode: merchant.code,
      };
    },

    country(ip: string) {
      const { countryCode, dialingCode } = lookupCountry(ip);
      return { ip, countryCode, countryDialingCode: dialingCode };
    },
  };
}

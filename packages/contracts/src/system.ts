import { z } from 'zod';
import { envelope } from './envelope.ts';
import {
  customerServiceItem,
  maintenanceSetting,
  regionSetting,
  resourceItem,
  whitelabel,
} from './merchant-settings.ts';

/**
 * The white-label settings as the site reads them: the stored ones with the money display derived from the
 * merchant's currency (money-format.ts moneyDisplay; decision 061).
 */
export const publicWhitelabel = whitelabel.extend({
  currencySymbol: z.string(),
  currencyExponent: z.number().int(),
  symbolPosition: z.enum(['prefix', 'suffix']),
  currencyRegion: z.string(),
});
export type PublicWhitelabel = z.infer<typeof publicWhitelabel>;

/** GET /wps/system/status — the permission response of spec §3. */
export const systemStatusQuery = z.object({ url: z.string().max(300).optional() });

export const systemStatus = z
  .object({
    /**
     * The maintenance and region-block texts in every language, as the copyright and licence text in `info`: the
     * site fetches this before it knows its language and shows each in the visitor's language, else EN.
     */
    maintenance: z.object({
      enabled: z.boolean(),
      title: maintenanceSetting.shape.title,
      message: maintenanceSetting.shape.message,
      endTime: z.string().nullable(),
    }),
    regionRestriction: z.object({ restricted: z.boolean(), message: regionSetting.shape.message }),
    location: z.object({ ip: z.string(), countryCode: z.string().nullable() }),
    info: z.object({ whitelabel: publicWhitelabel }),
    register: z.object({
      usernameRegistration: z.boolean(),
      mobileRegistration: z.boolean(),
      freePlay: z.boolean(),
      minimumAge: z.number().int(),
      /** Login by mobile number and SMS code is offered. */
      loginByCode: z.boolean(),
      /** Forgot password offers the reset by phone. */
      forgotPasswordByPhone: z.boolean(),
    }),
    resources: z.array(resourceItem),
    /**
     * The channels with their titles in every language: the site fetches this before it knows its language, and
     * shows each title in the visitor's language, else EN.
     */
    customerService: z.array(customerServiceItem),
    analytics: z.object({ gtagId: z.string().nullable() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    loginRequired: z.boolean(),
    merchantCode: z.string(),
  })
  .meta({ id: 'SystemStatus' });
export type SystemStatus = z.infer<typeof systemStatus>;
export const systemStatusResponse = envelope(systemStatus);

export const whitelabelResponse = envelope(publicWhitelabel.extend({ merchantCode: z.string() }));

export const domainRouteQuery = z.object({ domain: z.string().max(253).optional() });
export const domainRoute = z.object({ domain: z.string(), merchantCode: z.string() });
export const domainRouteResponse = envelope(domainRoute);

/** getCountryCode: the visitor's country from the bundled GeoIP data. */
export const countryCodeValue = z.object({
  ip: z.string(),
  countryCode: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
});
export const countryCodeResponse = envelope(countryCodeValue);

/** /healthz: the process is alive and answers (nothing else is asked, so a database outage does not restart it). */
export const healthResponse = z.object({ status: z.literal('ok') });

/** /readyz: this process should be sent traffic: started, not draining, database reachable, migrations current. */
export const readyResponse = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  migrations: z.literal('current'),
});

export const pingResponse = envelope(z.literal('pong'));

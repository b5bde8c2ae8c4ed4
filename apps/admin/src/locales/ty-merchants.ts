import type { enMerchants } from './en-merchants.ts';

/** Tagalog strings of the platform's merchants page and scoped operators (issue 19 items 1 and 2). */
export const tyMerchants: typeof enMerchants = {
  merchantsAdmin: {
    title: 'Mga merchant',
    intro:
      'Bawat brand na pinapatakbo ng platform. Gumagana agad ang site ng bagong merchant sa mga domain nito; ang naka-suspend ay nagpapakita ng maintenance page habang buo ang pera ng mga miyembro nito.',
    platformOnly: 'Mga platform owner lang ang namamahala ng mga merchant.',
    list: 'Lahat ng merchant',
    code: 'Code',
    brand: 'Brand',
    domains: 'Mga domain',
    status: 'Katayuan',
    active: 'Aktibo',
    suspended: 'Naka-suspend',
    suspend: 'I-suspend ang {{code}}',
    resume: 'Ituloy ang {{code}}',
    suspendConfirm:
      'I-suspend ang {{code}}? Magpapakita ng maintenance ang site nito at hindi makakapag-sign in ang mga miyembro hanggang ituloy mo ito.',
    create: 'Gumawa ng merchant',
    codeHelp: '2–32 maliliit na titik, numero o gitling; hindi na ito nagbabago.',
    brandName: 'Pangalan ng brand',
    logoUrl: 'Logo',
    faviconUrl: 'Favicon',
    appIconUrl: 'Icon ng app',
    pathHelp: 'Isang site path (/brand/logo.svg) o buong https:// na address.',
    primaryColour: 'Pangunahing kulay',
    accentColour: 'Accent na kulay',
    domainsLabel: 'Mga domain',
    domainsHelp:
      'Isang host name bawat linya, hal. newbrand.com. Isang merchant lang ang may-ari ng bawat isa.',
    defaultLanguage: 'Default na wika',
    supportedLanguages: 'Mga suportadong wika',
    timeZone: 'Time zone',
    timeZoneHelp: 'Isang IANA name gaya ng Asia/Manila; ginagamit ito ng mga ulat at araw-araw na panahon.',
    currency: 'Currency',
    currencyHelp: 'ISO 4217 code, hal. PHP o VND.',
    licenceText: 'Teksto ng lisensya',
    licenceTextHelp:
      'Sa default na wikang pinili sa itaas; ang ibang wika ay magsisimula sa karaniwang teksto ng lisensya. I-edit ang bawat wika sa site settings pagkatapos.',
    modules: 'Mga module',
    products: 'Mga produktong inaalok',
    vendors: 'Mga vendor na inaalok',
    vendorsHelp:
      'Mga vendor code na pinaghihiwalay ng kuwit; iwanang blangko para ialok ang lahat ng vendor.',
    demoContent: 'Magdagdag ng demo content',
    demoContentHelp: 'Mga halimbawang banner, abiso at help page sa mga kulay ng brand.',
    submit: 'Gumawa ng merchant',
    createdMessage: 'Nagawa ang merchant na {{code}}. Sumasagot ang site nito sa {{domain}}.',
    updatedMessage: 'Nabago ang merchant na {{code}}.',
  },
  operatorScope: {
    merchants: 'Mga merchant',
    platform: 'Platform (lahat ng merchant)',
    merchant: 'Merchant',
    merchantHelp: 'Ang platform, o ang isang merchant na kikilusan ng operator na ito gamit ang role.',
  },
};

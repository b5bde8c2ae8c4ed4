import type { CurrencyCode } from '@tala/contracts/currencies';
import { defaultLimitSettings } from '@tala/contracts/limits';
import {
  defaultKycSettings,
  defaultMemberSettings,
  type MerchantSettings,
  type ModuleFlags,
} from '@tala/contracts/merchant-settings';
import { defaultSaferGamblingSettings } from '@tala/contracts/safer-gambling';

/** The module flags a merchant starts with (§6). */
export const defaultModuleFlags: ModuleFlags = {
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
};

type Texts = MerchantSettings['whitelabel']['licenceText'];

/** The footer's copyright line in every site language, with the brand name and year (decision 066). */
export function copyrightTexts(year: number, brandName: string): Texts {
  return {
    EN: `© ${year} ${brandName}. All rights reserved.`,
    TY: `© ${year} ${brandName}. Nakalaan ang lahat ng karapatan.`,
    CN: `© ${year} ${brandName}。保留所有权利。`,
    ID: `© ${year} ${brandName}. Hak cipta dilindungi undang-undang.`,
    TH: `© ${year} ${brandName} สงวนลิขสิทธิ์`,
    VI: `© ${year} ${brandName}. Bảo lưu mọi quyền.`,
  };
}

/** The player-facing texts a merchant starts with, in every site language; the back office edits each (066). */
export const defaultMerchantTexts = {
  licenceText: {
    EN: 'Licensed and regulated for online gaming. Players must be of legal age. Play responsibly: set limits and take breaks.',
    TY: 'Lisensyado at regulado para sa online gaming. Dapat nasa legal na edad ang mga manlalaro. Maglaro nang responsable: magtakda ng limitasyon at magpahinga.',
    CN: '持有在线博彩牌照并受监管。玩家须达到法定年龄。请理性游戏：设定限额并适时休息。',
    ID: 'Berlisensi dan diawasi untuk permainan daring. Pemain harus sudah cukup umur menurut hukum. Bermainlah secara bertanggung jawab: tetapkan batas dan beristirahatlah.',
    TH: 'ได้รับใบอนุญาตและอยู่ภายใต้การกำกับดูแลสำหรับเกมออนไลน์ ผู้เล่นต้องมีอายุครบตามที่กฎหมายกำหนด เล่นอย่างมีความรับผิดชอบ: กำหนดขีดจำกัดและหยุดพักเป็นระยะ',
    VI: 'Được cấp phép và quản lý cho hoạt động trò chơi trực tuyến. Người chơi phải đủ tuổi theo quy định của pháp luật. Hãy chơi có trách nhiệm: đặt giới hạn và nghỉ ngơi hợp lý.',
  },
  maintenanceTitle: {
    EN: 'Scheduled maintenance',
    TY: 'Nakatakdang maintenance',
    CN: '计划维护',
    ID: 'Pemeliharaan terjadwal',
    TH: 'ปิดปรับปรุงระบบตามกำหนด',
    VI: 'Bảo trì định kỳ',
  },
  maintenanceMessage: {
    EN: 'We are upgrading our systems to serve you better. Please come back soon.',
    TY: 'Ina-upgrade namin ang aming mga sistema para mas mapagsilbihan ka. Mangyaring bumalik sa lalong madaling panahon.',
    CN: '我们正在升级系统，以便为您提供更好的服务。请稍后再来。',
    ID: 'Kami sedang meningkatkan sistem agar dapat melayani Anda dengan lebih baik. Silakan kembali lagi nanti.',
    TH: 'เรากำลังอัปเกรดระบบเพื่อให้บริการคุณได้ดียิ่งขึ้น โปรดกลับมาใหม่อีกครั้งในไม่ช้า',
    VI: 'Chúng tôi đang nâng cấp hệ thống để phục vụ bạn tốt hơn. Vui lòng quay lại sau.',
  },
  regionMessage: {
    EN: 'Our service is not available in your region.',
    TY: 'Hindi available ang aming serbisyo sa inyong rehiyon.',
    CN: '我们的服务在您所在的地区不可用。',
    ID: 'Layanan kami tidak tersedia di wilayah Anda.',
    TH: 'บริการของเราไม่เปิดให้ใช้งานในภูมิภาคของคุณ',
    VI: 'Dịch vụ của chúng tôi không khả dụng tại khu vực của bạn.',
  },
} as const satisfies Record<string, Texts>;

/**
 * The settings document a new merchant starts with: its brand, and the defaults of every other section (no demo
 * channels, no exclusion group). The demo seed adds its own channels on top; the back office edits the rest.
 */
export function newMerchantSettings(
  brand: {
    brandName: string;
    logoUrl: string;
    primaryColour: string;
    accentColour: string;
    faviconUrl?: string | null;
    appIconUrl?: string | null;
  },
  market: {
    currency: CurrencyCode;
    supportedLanguages: MerchantSettings['whitelabel']['supportedLanguages'];
    timeZone: string;
  } = { currency: 'PHP', supportedLanguages: ['EN', 'TY'], timeZone: 'Asia/Manila' },
): MerchantSettings {
  const { faviconUrl, appIconUrl, ...whitelabel } = brand;
  return {
    whitelabel: {
      ...whitelabel,
      ...(faviconUrl ? { faviconUrl } : {}),
      ...(appIconUrl ? { appIconUrl } : {}),
      // The currency's own symbol ("P" for the peso, §9) and no decimals shown (§9); decision 061.
      currency: market.currency,
      currencySymbol: null,
      displayDecimals: 0,
      supportedLanguages: market.supportedLanguages,
      defaultLanguage: 'EN',
      timeZone: market.timeZone,
      copyright: copyrightTexts(new Date().getUTCFullYear(), brand.brandName),
      licenceText: { ...defaultMerchantTexts.licenceText },
    },
    modules: { ...defaultModuleFlags },
    maintenance: {
      enabled: false,
      title: { ...defaultMerchantTexts.maintenanceTitle },
      message: { ...defaultMerchantTexts.maintenanceMessage },
      endTime: null,
    },
    region: { mode: 'off', countries: [], message: { ...defaultMerchantTexts.regionMessage } },
    customerService: [{ csType: 'LIVECHAT', titles: { EN: 'Live chat' }, path: '/index?chat=1' }],
    resources: [],
    analyticsGtagId: null,
    imageCDNs: [],
    launchGameCDNs: [],
    sessionIdleMinutes: 15,
    minimumAge: 18,
    members: structuredClone(defaultMemberSettings),
    kyc: structuredClone(defaultKycSettings),
    saferGambling: structuredClone(defaultSaferGamblingSettings),
    exclusionGroup: null,
    limits: structuredClone(defaultLimitSettings),
  };
}

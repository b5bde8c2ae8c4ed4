import type { enMerchants } from './en-merchants.ts';

/** Indonesian strings of the platform's merchants page and scoped operators (issue 19 items 1 and 2). */
export const idMerchants: typeof enMerchants = {
  merchantsAdmin: {
    title: 'Merchant',
    intro:
      'Setiap merek yang dijalankan platform. Situs merchant baru langsung aktif di domainnya; merchant yang ditangguhkan menampilkan halaman pemeliharaan sementara dana anggotanya tetap utuh.',
    platformOnly: 'Hanya pemilik platform yang dapat mengelola merchant.',
    list: 'Semua merchant',
    code: 'Kode',
    brand: 'Merek',
    domains: 'Domain',
    status: 'Status',
    active: 'Aktif',
    suspended: 'Ditangguhkan',
    suspend: 'Tangguhkan {{code}}',
    resume: 'Aktifkan kembali {{code}}',
    suspendConfirm:
      'Tangguhkan {{code}}? Situsnya menampilkan pemeliharaan dan anggota tidak dapat masuk sampai Anda mengaktifkannya kembali.',
    create: 'Buat merchant',
    codeHelp: '2–32 huruf kecil, angka, atau tanda hubung; tidak pernah berubah.',
    brandName: 'Nama merek',
    logoUrl: 'Logo',
    faviconUrl: 'Ikon situs',
    appIconUrl: 'Ikon aplikasi',
    pathHelp: 'Jalur situs (/brand/logo.svg) atau alamat https:// lengkap.',
    primaryColour: 'Warna utama',
    accentColour: 'Warna aksen',
    domainsLabel: 'Domain',
    domainsHelp:
      'Satu nama host per baris, mis. newbrand.com. Setiap domain hanya boleh milik satu merchant.',
    defaultLanguage: 'Bahasa bawaan',
    supportedLanguages: 'Bahasa yang didukung',
    timeZone: 'Zona waktu',
    timeZoneHelp: 'Nama IANA seperti Asia/Jakarta; laporan dan periode harian memakainya.',
    currency: 'Mata uang',
    currencyHelp: 'Kode ISO 4217, mis. PHP atau VND.',
    licenceText: 'Teks lisensi',
    licenceTextHelp:
      'Dalam bahasa utama yang dipilih di atas; bahasa lain dimulai dengan teks lisensi standar. Ubah setiap bahasa nanti di pengaturan situs.',
    modules: 'Modul',
    products: 'Produk yang ditawarkan',
    vendors: 'Penyedia yang ditawarkan',
    vendorsHelp: 'Kode penyedia dipisahkan koma; kosongkan untuk menawarkan semua penyedia.',
    demoContent: 'Tambahkan konten demo',
    demoContentHelp: 'Contoh banner, pemberitahuan, dan halaman bantuan dalam warna merek.',
    submit: 'Buat merchant',
    createdMessage: 'Merchant {{code}} dibuat. Situsnya aktif di {{domain}}.',
    updatedMessage: 'Merchant {{code}} diubah.',
  },
  operatorScope: {
    merchants: 'Merchant',
    platform: 'Platform (semua merchant)',
    merchant: 'Merchant',
    merchantHelp: 'Platform, atau satu merchant yang dikelola operator ini dengan peran tersebut.',
  },
};

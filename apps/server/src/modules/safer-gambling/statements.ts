// The member's activity statement (issue 18 item 5): deposits, withdrawals, bets, wins and net by month of the
// merchant's calendar, from the ledger's postings on the member's main account; as JSON, CSV and PDF.
import { dayOf, dayStart } from '@tala/contracts/calendar';
import type { LanguageCode } from '@tala/contracts/languages';
import { formatMoney, moneyDisplay } from '@tala/contracts/money-format';
import type { StatementMonth, StatementSummary } from '@tala/contracts/safer-gambling';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { toCsv } from '../payments/csv.ts';
import type { SaferGamblingCore } from './safer-gambling-core.ts';

type Labels = {
  title: string;
  member: string;
  period: string;
  generated: string;
  month: string;
  deposits: string;
  withdrawals: string;
  bets: string;
  wins: string;
  net: string;
  total: string;
  note: string;
};

// The statement is a document the member keeps: worded in their language. The PDF's standard font draws Latin-1
// only, so a PDF in a language it cannot draw (CN, TH, VI) keeps the English labels; the CSV has every language.
const labels: Partial<Record<LanguageCode, Labels>> & { EN: Labels } = {
  EN: {
    title: 'Activity statement',
    member: 'Member',
    period: 'Period',
    generated: 'Generated',
    month: 'Month',
    deposits: 'Deposits',
    withdrawals: 'Withdrawals',
    bets: 'Bets',
    wins: 'Wins',
    net: 'Net (wins - bets)',
    total: 'Total',
    note: 'Amounts in {currency}; months in the {zone} time zone. Withdrawals are net of any returned to the balance.',
  },
  TY: {
    title: 'Pahayag ng aktibidad',
    member: 'Miyembro',
    period: 'Panahon',
    generated: 'Ginawa',
    month: 'Buwan',
    deposits: 'Mga deposito',
    withdrawals: 'Mga withdrawal',
    bets: 'Mga taya',
    wins: 'Mga panalo',
    net: 'Net (panalo - taya)',
    total: 'Kabuuan',
    note: 'Mga halaga sa {currency}; mga buwan sa time zone na {zone}. Ang mga withdrawal ay bawas ang ibinalik sa balanse.',
  },
  CN: {
    title: '账户活动明细',
    member: '会员',
    period: '期间',
    generated: '生成时间',
    month: '月份',
    deposits: '存款',
    withdrawals: '提款',
    bets: '投注',
    wins: '派彩',
    net: '净额（派彩 - 投注）',
    total: '合计',
    note: '金额单位为 {currency}；月份按 {zone} 时区计算。提款金额已扣除退回余额的部分。',
  },
  ID: {
    title: 'Laporan aktivitas',
    member: 'Member',
    period: 'Periode',
    generated: 'Dibuat',
    month: 'Bulan',
    deposits: 'Deposit',
    withdrawals: 'Penarikan',
    bets: 'Taruhan',
    wins: 'Kemenangan',
    net: 'Bersih (kemenangan - taruhan)',
    total: 'Total',
    note: 'Jumlah dalam {currency}; bulan menurut zona waktu {zone}. Penarikan sudah dikurangi jumlah yang dikembalikan ke saldo.',
  },
  TH: {
    title: 'รายงานกิจกรรมบัญชี',
    member: 'สมาชิก',
    period: 'ช่วงเวลา',
    generated: 'สร้างเมื่อ',
    month: 'เดือน',
    deposits: 'ฝากเงิน',
    withdrawals: 'ถอนเงิน',
    bets: 'เดิมพัน',
    wins: 'ชนะ',
    net: 'สุทธิ (ชนะ - เดิมพัน)',
    total: 'รวม',
    note: 'จำนวนเงินเป็น {currency} เดือนตามเขตเวลา {zone} ยอดถอนเงินหักส่วนที่คืนเข้ายอดเงินแล้ว',
  },
  VI: {
    title: 'Bảng kê hoạt động',
    member: 'Thành viên',
    period: 'Kỳ',
    generated: 'Ngày tạo',
    month: 'Tháng',
    deposits: 'Nạp tiền',
    withdrawals: 'Rút tiền',
    bets: 'Cược',
    wins: 'Thắng',
    net: 'Ròng (thắng - cược)',
    total: 'Tổng',
    note: 'Số tiền tính bằng {currency}; tháng theo múi giờ {zone}. Rút tiền đã trừ phần được hoàn lại vào số dư.',
  },
};

/** The first day (yyyy-MM-01) of the month `back` months before the one holding `day`. */
function monthStartDay(day: string, back: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 - back, 1));
  return date.toISOString().slice(0, 10);
}

function plain(minor: number, exponent: number): number {
  return Number((minor / 10 ** exponent).toFixed(exponent));
}

export function statementUseCases(core: SaferGamblingCore) {
  const { wallet, now } = core;

  async function summary(
    merchantId: number,
    member: { id: number; username: string },
    months: number,
  ): Promise<StatementSummary> {
    const merchant = await core.merchantById(merchantId);
    const { timeZone } = merchant.settings.whitelabel;
    const { currencySymbol } = moneyDisplay(merchant.settings.whitelabel);
    const today = dayOf(now(), timeZone);
    const firstDay = monthStartDay(today, months - 1);
    const account = await wallet.memberAccount(merchantId, member.id);
    const rows = await wallet.monthlyTotals(account, dayStart(firstDay, timeZone), timeZone);
    const list: StatementMonth[] = [];
    for (let back = months - 1; back >= 0; back--) {
      const month = monthStartDay(today, back).slice(0, 7);
      const of = (...types: string[]) =>
        rows.filter((r) => r.month === month && types.includes(r.type)).reduce((sum, r) => sum + r.total, 0);
      const bets = -of('bet', 'bet_refund');
      // A lottery rebate (its own entry type) is money back from play like a win.
      const wins = of('payout', 'rebate');
      list.push({
        month,
        deposits: of('deposit'),
        // The hold of a withdrawal is negative on the member's side; a rejection or partial payout gives back.
        withdrawals: -of('withdrawal', 'withdrawal_refund'),
        bets,
        wins,
        net: wins - bets,
      });
    }
    const sum = (key: keyof Omit<StatementMonth, 'month'>) => list.reduce((s, m) => s + m[key], 0);
    return {
      username: member.username,
      currencySymbol,
      timeZone,
      months: list,
      totals: {
        deposits: sum('deposits'),
        withdrawals: sum('withdrawals'),
        bets: sum('bets'),
        wins: sum('wins'),
        net: sum('net'),
      },
    };
  }

  function wording(language: LanguageCode) {
    return labels[language] ?? labels.EN;
  }

  /** The PDF's labels: the language's when the standard font can draw them (Latin-1), else English. */
  function pdfWording(language: LanguageCode) {
    const t = wording(language);
    return Object.values(t).every((text) => /^[\x20-\x7e\xa0-\xff]*$/.test(text)) ? t : labels.EN;
  }

  return {
    statement: summary,

    async statementCsv(
      merchantId: number,
      member: { id: number; username: string },
      months: number,
      language: LanguageCode,
    ) {
      const merchant = await core.merchantById(merchantId);
      const exponent = moneyDisplay(merchant.settings.whitelabel).currencyExponent;
      const data = await summary(merchantId, member, months);
      const t = wording(language);
      const line = (m: Omit<StatementMonth, 'month'>) => [
        plain(m.deposits, exponent),
        plain(m.withdrawals, exponent),
        plain(m.bets, exponent),
        plain(m.wins, exponent),
        plain(m.net, exponent),
      ];
      return toCsv(
        [t.month, t.deposits, t.withdrawals, t.bets, t.wins, t.net],
        [...data.months.map((m) => [m.month, ...line(m)]), [t.total, ...line(data.totals)]],
      );
    },

    async statementPdf(
      merchantId: number,
      member: { id: number; username: string },
      months: number,
      language: LanguageCode,
    ): Promise<Uint8Array> {
      const merchant = await core.merchantById(merchantId);
      const { brandName } = merchant.settings.whitelabel;
      const display = moneyDisplay(merchant.settings.whitelabel);
      const data = await summary(merchantId, member, months);
      const t = pdfWording(language);
      // Every decimal of the currency; a sign the standard font cannot draw (₫, ฿) gives way to the ISO code.
      const latin = /^[\x20-\x7e\xa0-\xff]*$/.test(display.currencySymbol);
      const shown = {
        ...display,
        displayDecimals: display.currencyExponent,
        currencySymbol: latin ? display.currencySymbol : display.currency,
        symbolPosition: latin ? display.symbolPosition : ('suffix' as const),
      };
      const amount = (minor: number) => formatMoney(minor, shown);

      const pdf = await PDFDocument.create();
      pdf.setTitle(`${t.title} - ${data.username}`);
      pdf.setProducer(brandName);
      pdf.setCreationDate(now());
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
      const page = pdf.addPage([595.28, 841.89]);
      const ink = rgb(0.1, 0.1, 0.12);
      const muted = rgb(0.4, 0.4, 0.45);
      let y = 790;
      // Helvetica's WinAnsi set: anything outside it (a brand name in another script) is left out, not a crash.
      const safe = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
      const write = (
        text: string,
        x: number,
        size: number,
        options: { bold?: boolean; right?: boolean } = {},
      ) => {
        const face = options.bold ? bold : font;
        const shown = safe(text);
        const at = options.right ? x - face.widthOfTextAtSize(shown, size) : x;
        page.drawText(shown, { x: at, y, size, font: face, color: ink });
      };
      write(brandName, 50, 11, { bold: true });
      y -= 28;
      write(t.title, 50, 20, { bold: true });
      y -= 26;
      const first = data.months[0]?.month ?? '';
      const last = data.months.at(-1)?.month ?? '';
      write(`${t.member}: ${data.username}`, 50, 11);
      y -= 16;
      write(`${t.period}: ${first} - ${last}`, 50, 11);
      y -= 16;
      write(`${t.generated}: ${now().toISOString().slice(0, 16).replace('T', ' ')} UTC`, 50, 11);
      y -= 30;

      const columns = [50, 200, 290, 380, 460, 545];
      const header = [t.month, t.deposits, t.withdrawals, t.bets, t.wins, t.net];
      header.forEach((label, i) => {
        write(i === 5 ? 'Net' : label, columns[i] as number, 10, { bold: true, right: i > 0 });
      });
      y -= 6;
      page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.8, color: muted });
      y -= 16;
      const row = (label: string, m: Omit<StatementMonth, 'month'>, strong = false) => {
        write(label, 50, 10, { bold: strong });
        [m.deposits, m.withdrawals, m.bets, m.wins, m.net].forEach((value, i) => {
          write(amount(value), columns[i + 1] as number, 10, { bold: strong, right: true });
        });
        y -= 18;
      };
      for (const m of data.months) row(m.month, m);
      page.drawLine({
        start: { x: 50, y: y + 12 },
        end: { x: 545, y: y + 12 },
        thickness: 0.8,
        color: muted,
      });
      row(t.total, data.totals, true);
      y -= 12;
      const note = t.note.replace('{currency}', data.currencySymbol).replace('{zone}', data.timeZone);
      page.drawText(safe(`Net = ${t.net}. ${note}`), {
        x: 50,
        y,
        size: 8,
        font,
        color: muted,
        maxWidth: 495,
        lineHeight: 11,
      });
      return pdf.save();
    },
  };
}

import { describe, it } from 'vitest';
import { pickBackOfficeLanguage, signInToBackOffice } from './support/back-office.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const browser = useBrowser();

describe('back office in Thai and Vietnamese', () => {
  it('signs in and shows the settings in the language picked, kept over a reload (TH desktop, VI phone, dark)', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/admin/login`);
    await pickBackOfficeLanguage(page, 'TH');
    await page.getByRole('heading', { name: 'เข้าสู่ระบบหลังบ้าน' }).waitFor();
    await page.getByLabel('ชื่อผู้ใช้').fill('support');
    await page.getByLabel('รหัสผ่าน').fill('support-demo-1');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
    await page.getByRole('heading', { name: 'ตั้งค่าเว็บไซต์' }).waitFor();
    await page.getByText('เฉพาะเจ้าของเท่านั้นที่เปลี่ยนการตั้งค่าเว็บไซต์ได้ คุณกำลังดูแบบอ่านอย่างเดียว').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'ตั้งค่าเว็บไซต์' }).waitFor();

    const phonePage = await browser.newPage({ viewport: phone });
    await phonePage.addInitScript(() => localStorage.setItem('tala.admin.theme', 'dark'));
    await signInToBackOffice(phonePage, 'support', 'support-demo-1');
    await phonePage.getByRole('button', { name: 'Menu' }).click();
    await pickBackOfficeLanguage(phonePage, 'VI');
    await phonePage.getByRole('heading', { name: 'Cài đặt trang' }).waitFor();
    await phonePage.getByRole('switch', { name: 'Chế độ bảo trì' }).waitFor();
  });
});

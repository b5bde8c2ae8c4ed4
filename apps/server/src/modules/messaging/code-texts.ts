// What the site sends a member by SMS or e-mail (one-time codes, the password-reset link), in the language of the
// request that asked for it. Every language of the site has every text (the typecheck holds it).
import type { LanguageCode } from '@tala/contracts/languages';

type Mail = { subject: string; text: string };
type Texts = {
  smsCode(brand: string, code: string, minutes: number): string;
  loginEmail(brand: string, code: string, minutes: number): Mail;
  contactEmail(brand: string, code: string, minutes: number): Mail;
  /** The reset e-mail's lines around the link. */
  passwordReset(brand: string, username: string, link: string, minutes: number): Mail;
};

const EN: Texts = {
  smsCode: (brand, code, minutes) =>
    `${brand}: your verification code is ${code}. It expires in ${minutes} minutes. Never share it.`,
  loginEmail: (brand, code, minutes) => ({
    subject: `${brand}: login verification code`,
    text: `Your ${brand} login verification code is ${code}. It expires in ${minutes} minutes. If you did not try to log in, change your password.`,
  }),
  contactEmail: (brand, code, minutes) => ({
    subject: `${brand}: confirm your e-mail address`,
    text: `Your ${brand} code to add this e-mail address to your account is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
  }),
  passwordReset: (brand, username, link, minutes) => ({
    subject: `${brand}: reset your password`,
    text: [
      `Hello ${username},`,
      '',
      `Someone asked to reset the password of your ${brand} account. To choose a new password, open:`,
      link,
      '',
      `The link works once, for ${minutes} minutes. If you did not ask for this, ignore this e-mail.`,
    ].join('\n'),
  }),
};

const TY: Texts = {
  smsCode: (brand, code, minutes) =>
    `${brand}: ang iyong verification code ay ${code}. Mag-e-expire ito sa loob ng ${minutes} minuto. Huwag itong ibahagi kaninuman.`,
  loginEmail: (brand, code, minutes) => ({
    subject: `${brand}: verification code sa pag-log in`,
    text: `Ang iyong verification code sa pag-log in sa ${brand} ay ${code}. Mag-e-expire ito sa loob ng ${minutes} minuto. Kung hindi ikaw ang nag-log in, palitan ang iyong password.`,
  }),
  contactEmail: (brand, code, minutes) => ({
    subject: `${brand}: kumpirmahin ang iyong e-mail address`,
    text: `Ang iyong code sa ${brand} para idagdag ang e-mail address na ito sa iyong account ay ${code}. Mag-e-expire ito sa loob ng ${minutes} minuto. Kung hindi mo ito hiniling, balewalain ang e-mail na ito.`,
  }),
  passwordReset: (brand, username, link, minutes) => ({
    subject: `${brand}: i-reset ang iyong password`,
    text: [
      `Kumusta ${username},`,
      '',
      `May humiling na i-reset ang password ng iyong ${brand} account. Para pumili ng bagong password, buksan ang:`,
      link,
      '',
      `Isang beses lang gagana ang link, sa loob ng ${minutes} minuto. Kung hindi mo ito hiniling, balewalain ang e-mail na ito.`,
    ].join('\n'),
  }),
};

const CN: Texts = {
  smsCode: (brand, code, minutes) =>
    `${brand}：您的验证码是 ${code}，${minutes} 分钟内有效。请勿告诉任何人。`,
  loginEmail: (brand, code, minutes) => ({
    subject: `${brand}：登录验证码`,
    text: `您的 ${brand} 登录验证码是 ${code}，${minutes} 分钟内有效。如果不是您本人在登录，请修改密码。`,
  }),
  contactEmail: (brand, code, minutes) => ({
    subject: `${brand}：确认您的电子邮箱`,
    text: `您将此电子邮箱添加到 ${brand} 账户的验证码是 ${code}，${minutes} 分钟内有效。如果不是您本人申请，请忽略此邮件。`,
  }),
  passwordReset: (brand, username, link, minutes) => ({
    subject: `${brand}：重置密码`,
    text: [
      `${username}，您好：`,
      '',
      `有人申请重置您的 ${brand} 账户密码。如需设置新密码，请打开：`,
      link,
      '',
      `该链接只能使用一次，${minutes} 分钟内有效。如果不是您本人申请，请忽略此邮件。`,
    ].join('\n'),
  }),
};

const ID: Texts = {
  smsCode: (brand, code, minutes) =>
    `${brand}: kode verifikasi Anda adalah ${code}. Berlaku ${minutes} menit. Jangan berikan kepada siapa pun.`,
  loginEmail: (brand, code, minutes) => ({
    subject: `${brand}: kode verifikasi login`,
    text: `Kode verifikasi login ${brand} Anda adalah ${code}. Berlaku ${minutes} menit. Jika Anda tidak mencoba login, ganti kata sandi Anda.`,
  }),
  contactEmail: (brand, code, minutes) => ({
    subject: `${brand}: konfirmasi alamat e-mail Anda`,
    text: `Kode ${brand} Anda untuk menambahkan alamat e-mail ini ke akun Anda adalah ${code}. Berlaku ${minutes} menit. Jika Anda tidak memintanya, abaikan e-mail ini.`,
  }),
  passwordReset: (brand, username, link, minutes) => ({
    subject: `${brand}: atur ulang kata sandi Anda`,
    text: [
      `Halo ${username},`,
      '',
      `Seseorang meminta untuk mengatur ulang kata sandi akun ${brand} Anda. Untuk memilih kata sandi baru, buka:`,
      link,
      '',
      `Tautan ini hanya bisa dipakai sekali, selama ${minutes} menit. Jika Anda tidak memintanya, abaikan e-mail ini.`,
    ].join('\n'),
  }),
};

const TH: Texts = {
  smsCode: (brand, code, minutes) =>
    `${brand}: รหัสยืนยันของคุณคือ ${code} ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
  loginEmail: (brand, code, minutes) => ({
    subject: `${brand}: รหัสยืนยันการเข้าสู่ระบบ`,
    text: `รหัสยืนยันการเข้าสู่ระบบ ${brand} ของคุณคือ ${code} ใช้ได้ภายใน ${minutes} นาที หากคุณไม่ได้พยายามเข้าสู่ระบบ โปรดเปลี่ยนรหัสผ่าน`,
  }),
  contactEmail: (brand, code, minutes) => ({
    subject: `${brand}: ยืนยันอีเมลของคุณ`,
    text: `รหัส ${brand} สำหรับเพิ่มอีเมลนี้ในบัญชีของคุณคือ ${code} ใช้ได้ภายใน ${minutes} นาที หากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้`,
  }),
  passwordReset: (brand, username, link, minutes) => ({
    subject: `${brand}: รีเซ็ตรหัสผ่านของคุณ`,
    text: [
      `สวัสดี ${username}`,
      '',
      `มีผู้ขอรีเซ็ตรหัสผ่านบัญชี ${brand} ของคุณ หากต้องการตั้งรหัสผ่านใหม่ โปรดเปิด:`,
      link,
      '',
      `ลิงก์นี้ใช้ได้ครั้งเดียว ภายใน ${minutes} นาที หากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้`,
    ].join('\n'),
  }),
};

const VI: Texts = {
  smsCode: (brand, code, minutes) =>
    `${brand}: mã xác minh của bạn là ${code}. Mã hết hạn sau ${minutes} phút. Không chia sẻ mã cho bất kỳ ai.`,
  loginEmail: (brand, code, minutes) => ({
    subject: `${brand}: mã xác minh đăng nhập`,
    text: `Mã xác minh đăng nhập ${brand} của bạn là ${code}. Mã hết hạn sau ${minutes} phút. Nếu bạn không đăng nhập, hãy đổi mật khẩu.`,
  }),
  contactEmail: (brand, code, minutes) => ({
    subject: `${brand}: xác nhận địa chỉ e-mail`,
    text: `Mã ${brand} để thêm địa chỉ e-mail này vào tài khoản của bạn là ${code}. Mã hết hạn sau ${minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua e-mail này.`,
  }),
  passwordReset: (brand, username, link, minutes) => ({
    subject: `${brand}: đặt lại mật khẩu`,
    text: [
      `Xin chào ${username},`,
      '',
      `Có người đã yêu cầu đặt lại mật khẩu tài khoản ${brand} của bạn. Để chọn mật khẩu mới, hãy mở:`,
      link,
      '',
      `Liên kết chỉ dùng được một lần, trong ${minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua e-mail này.`,
    ].join('\n'),
  }),
};

const texts: Record<LanguageCode, Texts> = { EN, TY, CN, ID, TH, VI };

/** The member-bound texts in `language`. */
export function codeTexts(language: LanguageCode): Texts {
  return texts[language];
}

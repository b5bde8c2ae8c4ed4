// The demo merchant's notices, announcements and help centre in CN, ID, TH and VI (EN and TY are in content.ts):
// the same items in the same order, with the same markup (decision 066).

type Text = { title: string; content: string };
type Help = { name: string; articles: Text[] };
export type SeedLanguage = 'CN' | 'ID' | 'TH' | 'VI';

export const NOTICE_TEXTS: Record<SeedLanguage, Text[]> = {
  CN: [
    {
      title: '周二 02:00-04:00 例行维护',
      content:
        '<p>合作伙伴升级演播室期间，部分真人娱乐场牌桌将于<strong>周二 02:00 至 04:00</strong>（马尼拉时间）暂停服务。</p><p>余额不受影响。</p>',
    },
    {
      title: '电子钱包存款现已即时到账',
      content:
        '<p>通过电子钱包的存款现在<em>数秒内</em>即可到账。具体步骤请参阅<a href="/help">帮助中心</a>。</p>',
    },
    {
      title: '谨防假冒代理',
      content: '<p>我们的工作人员绝不会索要您的密码或验证码。如收到可疑消息，请向客服举报。</p>',
    },
    {
      title: '电竞：MPL 总决赛赔率已开放',
      content: '<p>MPL 总决赛的赛前和滚球赔率现已开放。祝您好运！</p>',
    },
  ],
  ID: [
    {
      title: 'Pemeliharaan terjadwal hari Selasa 02:00-04:00',
      content:
        '<p>Beberapa meja kasino langsung tidak tersedia pada <strong>hari Selasa pukul 02:00 sampai 04:00</strong> (waktu Manila) selama mitra kami meningkatkan studionya.</p><p>Saldo tidak terpengaruh.</p>',
    },
    {
      title: 'Deposit e-wallet kini masuk seketika',
      content:
        '<p>Deposit melalui e-wallet kini masuk <em>dalam hitungan detik</em>. Lihat <a href="/help">pusat bantuan</a> untuk langkah-langkahnya.</p>',
    },
    {
      title: 'Waspadai agen palsu',
      content:
        '<p>Staf kami tidak pernah meminta kata sandi atau kode verifikasi Anda. Laporkan pesan mencurigakan ke layanan pelanggan.</p>',
    },
    {
      title: 'E-sport: odds final MPL sudah dibuka',
      content:
        '<p>Odds sebelum pertandingan dan langsung untuk final MPL sudah dibuka. Semoga beruntung!</p>',
    },
  ],
  TH: [
    {
      title: 'ปิดปรับปรุงตามกำหนดวันอังคาร 02:00-04:00',
      content:
        '<p>โต๊ะคาสิโนสดบางโต๊ะจะไม่พร้อมให้บริการใน<strong>วันอังคาร เวลา 02:00 ถึง 04:00</strong> (เวลามะนิลา) ระหว่างที่พาร์ทเนอร์ของเราปรับปรุงสตูดิโอ</p><p>ยอดเงินของคุณไม่ได้รับผลกระทบ</p>',
    },
    {
      title: 'ฝากเงินผ่านอีวอลเล็ทเข้าทันทีแล้ว',
      content:
        '<p>การฝากเงินผ่านอีวอลเล็ทจะเข้าบัญชี<em>ภายในไม่กี่วินาที</em> ดูขั้นตอนได้ที่<a href="/help">ศูนย์ช่วยเหลือ</a></p>',
    },
    {
      title: 'ระวังตัวแทนปลอม',
      content: '<p>พนักงานของเราไม่เคยขอรหัสผ่านหรือรหัสยืนยันของคุณ โปรดแจ้งข้อความที่น่าสงสัยกับฝ่ายบริการลูกค้า</p>',
    },
    {
      title: 'อีสปอร์ต: เปิดราคารอบชิงชนะเลิศ MPL แล้ว',
      content: '<p>ราคาก่อนการแข่งขันและราคาสดของรอบชิงชนะเลิศ MPL เปิดแล้ว ขอให้โชคดี!</p>',
    },
  ],
  VI: [
    {
      title: 'Bảo trì định kỳ thứ Ba 02:00-04:00',
      content:
        '<p>Một số bàn sòng bài trực tiếp sẽ tạm ngưng vào <strong>thứ Ba từ 02:00 đến 04:00</strong> (giờ Manila) trong khi đối tác nâng cấp trường quay.</p><p>Số dư không bị ảnh hưởng.</p>',
    },
    {
      title: 'Nạp tiền qua ví điện tử nay vào ngay',
      content:
        '<p>Tiền nạp qua ví điện tử nay được cộng <em>trong vài giây</em>. Xem các bước tại <a href="/help">trung tâm trợ giúp</a>.</p>',
    },
    {
      title: 'Cảnh giác với đại lý giả mạo',
      content:
        '<p>Nhân viên của chúng tôi không bao giờ hỏi mật khẩu hay mã xác minh của bạn. Hãy báo tin nhắn đáng ngờ cho bộ phận chăm sóc khách hàng.</p>',
    },
    {
      title: 'Thể thao điện tử: đã mở tỷ lệ chung kết MPL',
      content: '<p>Tỷ lệ trước trận và trực tiếp cho chung kết MPL đã mở. Chúc bạn may mắn!</p>',
    },
  ],
};

/** In the order of content.ts's ANNOUNCEMENTS: two pop-ups, then the ten short ones. */
export const ANNOUNCEMENT_TEXTS: Record<SeedLanguage, Text[]> = {
  CN: [
    {
      title: '欢迎！每一局老虎机都可验证',
      content:
        '<h3>可证明公平的老虎机</h3><p>我们自营老虎机的每一局都在您旋转之前就已承诺。在老虎机中打开<strong>公平性</strong>，即可查看种子并验证任意一局。</p><ul><li>每款游戏都显示公布的返还率</li><li>保留您最近的牌局以便查阅</li></ul>',
    },
    {
      title: '下载应用，游戏更快捷',
      content: '<p>扫描<a href="/down">下载页面</a>上的二维码即可安装应用。</p>',
    },
    { title: '系统升级已完成', content: '<p>所有服务均已恢复正常。</p>' },
    { title: '新增支付渠道', content: '<p>现已支持 QR Ph 存款。</p>' },
    { title: '请更新您的联系方式', content: '<p>请保持手机号码为最新，以便接收验证码。</p>' },
    { title: '理性游戏', content: '<p>请适时休息；如果博彩不再有趣，请联系我们的客服团队。</p>' },
    { title: '优惠活动页面', content: '<p>当前的优惠及其条款都列在优惠活动页面上。</p>' },
    { title: '成为代理', content: '<p>在加盟页面提交申请，即可用您自己的推广码招募会员。</p>' },
    { title: '节假日客服时间', content: '<p>节假日期间在线客服 24/7 全天候服务。</p>' },
    { title: '新的老虎机工作室上线', content: '<p>快来体验最新合作伙伴的 400 款新游戏。</p>' },
    { title: '安全提醒', content: '<p>切勿向任何人透露您的密码或验证码。</p>' },
    { title: '体育串关加奖', content: '<p>串关最高可额外获得 20% 奖金。</p>' },
  ],
  ID: [
    {
      title: 'Selamat datang! Setiap ronde slot dapat diperiksa',
      content:
        '<h3>Slot yang terbukti adil</h3><p>Setiap ronde slot internal kami sudah dikomit sebelum Anda memutar. Buka <strong>Keadilan</strong> di slot untuk melihat seed dan memverifikasi ronde mana pun.</p><ul><li>Pengembalian yang dinyatakan tampil di setiap permainan</li><li>Ronde terakhir Anda disimpan untuk dilihat kembali</li></ul>',
    },
    {
      title: 'Unduh aplikasi kami agar bermain lebih cepat',
      content: '<p>Pindai kode QR di <a href="/down">halaman unduhan</a> untuk memasang aplikasi.</p>',
    },
    { title: 'Peningkatan sistem selesai', content: '<p>Semua layanan berjalan normal.</p>' },
    { title: 'Saluran pembayaran baru', content: '<p>Deposit QR Ph kini tersedia.</p>' },
    {
      title: 'Perbarui detail kontak Anda',
      content: '<p>Pastikan nomor ponsel Anda terbaru agar dapat menerima kode.</p>',
    },
    {
      title: 'Bermain secara bertanggung jawab',
      content: '<p>Beristirahatlah, dan hubungi tim dukungan kami jika berjudi tidak lagi menyenangkan.</p>',
    },
    {
      title: 'Halaman promosi',
      content: '<p>Penawaran saat ini dan ketentuannya tercantum di halaman promosi.</p>',
    },
    {
      title: 'Jadi agen',
      content:
        '<p>Ajukan dari halaman kemitraan untuk merekrut member dengan kode afiliasi Anda sendiri.</p>',
    },
    {
      title: 'Jam layanan saat hari libur',
      content: '<p>Obrolan langsung tetap buka 24/7 selama hari libur.</p>',
    },
    {
      title: 'Studio slot baru telah hadir',
      content: '<p>Coba 400 permainan baru dari mitra terbaru kami.</p>',
    },
    {
      title: 'Pengingat keamanan',
      content: '<p>Jangan pernah membagikan kata sandi atau kode verifikasi Anda.</p>',
    },
    {
      title: 'Tambahan hadiah parlay olahraga',
      content: '<p>Kemenangan ekstra hingga 20% untuk parlay.</p>',
    },
  ],
  TH: [
    {
      title: 'ยินดีต้อนรับ! ตรวจสอบสล็อตได้ทุกรอบ',
      content:
        '<h3>สล็อตที่พิสูจน์ความยุติธรรมได้</h3><p>ทุกรอบของสล็อตในเครือของเราถูกผูกมัดไว้ก่อนที่คุณจะหมุน เปิด<strong>ความยุติธรรม</strong>ในสล็อตเพื่อดูค่าเมล็ดและตรวจสอบรอบใดก็ได้</p><ul><li>แสดงอัตราการจ่ายคืนที่ประกาศไว้ในทุกเกม</li><li>เก็บรอบล่าสุดของคุณไว้ให้ดูย้อนหลัง</li></ul>',
    },
    {
      title: 'ดาวน์โหลดแอปของเราเพื่อเล่นได้เร็วขึ้น',
      content: '<p>สแกนคิวอาร์โค้ดใน<a href="/down">หน้าดาวน์โหลด</a>เพื่อติดตั้งแอป</p>',
    },
    { title: 'อัปเกรดระบบเสร็จแล้ว', content: '<p>บริการทั้งหมดทำงานตามปกติ</p>' },
    { title: 'ช่องทางชำระเงินใหม่', content: '<p>ฝากเงินผ่าน QR Ph ได้แล้ว</p>' },
    { title: 'อัปเดตข้อมูลติดต่อของคุณ', content: '<p>โปรดใช้หมายเลขโทรศัพท์ที่เป็นปัจจุบันเพื่อรับรหัส</p>' },
    { title: 'เล่นอย่างรับผิดชอบ', content: '<p>พักเป็นระยะ และติดต่อทีมงานของเราหากการพนันไม่สนุกอีกต่อไป</p>' },
    { title: 'หน้าโปรโมชั่น', content: '<p>ข้อเสนอปัจจุบันและเงื่อนไขอยู่ในหน้าโปรโมชั่น</p>' },
    { title: 'มาเป็นตัวแทน', content: '<p>สมัครจากหน้าร่วมงานเพื่อหาสมาชิกด้วยรหัสพันธมิตรของคุณเอง</p>' },
    { title: 'เวลาทำการฝ่ายบริการช่วงวันหยุด', content: '<p>แชทสดเปิดให้บริการตลอด 24 ชั่วโมงทุกวันในช่วงวันหยุด</p>' },
    { title: 'สตูดิโอสล็อตใหม่มาแล้ว', content: '<p>ลองเล่น 400 เกมใหม่จากพาร์ทเนอร์ล่าสุดของเรา</p>' },
    { title: 'คำเตือนด้านความปลอดภัย', content: '<p>อย่าบอกรหัสผ่านหรือรหัสยืนยันของคุณกับผู้อื่น</p>' },
    { title: 'เพิ่มรางวัลสเต็ปกีฬา', content: '<p>รับเงินรางวัลเพิ่มสูงสุด 20% สำหรับบอลสเต็ป</p>' },
  ],
  VI: [
    {
      title: 'Chào mừng! Mọi ván slot đều kiểm tra được',
      content:
        '<h3>Slot công bằng có thể chứng minh</h3><p>Mỗi ván slot nội bộ của chúng tôi được cam kết trước khi bạn quay. Mở <strong>Công bằng</strong> trong slot để xem hạt giống và kiểm tra bất kỳ ván nào.</p><ul><li>Tỷ lệ hoàn trả công bố hiển thị trong mọi trò chơi</li><li>Các ván gần đây của bạn được lưu để xem lại</li></ul>',
    },
    {
      title: 'Tải ứng dụng để chơi nhanh hơn',
      content: '<p>Quét mã QR trên <a href="/down">trang tải xuống</a> để cài đặt ứng dụng.</p>',
    },
    { title: 'Đã nâng cấp hệ thống xong', content: '<p>Mọi dịch vụ đều hoạt động bình thường.</p>' },
    { title: 'Kênh thanh toán mới', content: '<p>Đã có thể nạp tiền qua QR Ph.</p>' },
    { title: 'Cập nhật thông tin liên hệ', content: '<p>Hãy giữ số điện thoại luôn đúng để nhận mã.</p>' },
    {
      title: 'Chơi có trách nhiệm',
      content: '<p>Hãy nghỉ ngơi, và liên hệ đội hỗ trợ nếu cờ bạc không còn vui nữa.</p>',
    },
    {
      title: 'Trang khuyến mãi',
      content: '<p>Các ưu đãi hiện có và điều khoản được liệt kê trên trang khuyến mãi.</p>',
    },
    {
      title: 'Trở thành đại lý',
      content: '<p>Đăng ký tại trang hợp tác để tuyển thành viên bằng mã liên kết của riêng bạn.</p>',
    },
    { title: 'Giờ hỗ trợ dịp lễ', content: '<p>Trò chuyện trực tuyến vẫn mở 24/7 trong dịp lễ.</p>' },
    {
      title: 'Studio slot mới đã có mặt',
      content: '<p>Thử 400 trò chơi mới từ đối tác mới nhất của chúng tôi.</p>',
    },
    { title: 'Nhắc nhở bảo mật', content: '<p>Không bao giờ chia sẻ mật khẩu hay mã xác minh của bạn.</p>' },
    { title: 'Tăng thưởng cược xiên thể thao', content: '<p>Thêm tới 20% tiền thắng cho cược xiên.</p>' },
  ],
};

/** In the order of content.ts's HELP: categories, each with its articles. */
export const HELP_TEXTS: Record<SeedLanguage, Help[]> = {
  CN: [
    {
      name: '账户',
      articles: [
        {
          title: '如何注册？',
          content:
            '<p>点击<strong>注册</strong>，设置用户名和密码，确认您已年满 18 岁并接受条款。如已开启，也可以使用手机号注册。</p>',
        },
        {
          title: '我忘记了密码',
          content:
            '<p>在登录表单中使用<em>忘记密码</em>。您可以通过电子邮件，或通过手机号和短信验证码重置密码。</p>',
        },
        {
          title: '为什么我的账户被锁定？',
          content: '<p>多次登录失败或应您本人要求时，账户会被锁定。请联系客服解锁。</p>',
        },
      ],
    },
    {
      name: '存款与提款',
      articles: [
        {
          title: '如何存款？',
          content:
            '<ol><li>点击<strong>存款</strong>。</li><li>选择渠道并输入金额。</li><li>按照支付步骤操作。</li></ol><p>电子钱包存款数秒内到账。</p>',
        },
        {
          title: '提款需要多长时间？',
          content: '<p>大多数提款在 15 分钟内完成。银行转账最长可能需要 24 小时。</p>',
        },
      ],
    },
    {
      name: '游戏',
      articles: [
        {
          title: '游戏在牌局中卡住了',
          content:
            '<p>您的投注是安全的：牌局由游戏供应商结算。重新打开游戏查看结果，或查看您的投注记录。</p>',
        },
        {
          title: '什么是免费试玩？',
          content: '<p>免费试玩让您使用演示额度体验游戏。试玩中赢得的奖金不是真钱。</p>',
        },
      ],
    },
    {
      name: '优惠活动',
      articles: [
        {
          title: '如何领取红利？',
          content:
            '<p>打开<strong>优惠活动</strong>，选择一项优惠并点击<em>申请</em>。部分红利会自动发放。</p>',
        },
      ],
    },
    {
      name: '负责任博彩',
      articles: [
        {
          title: '设置限额',
          content:
            '<p>为娱乐而玩，而不是为了赚钱。请设置存款和亏损限额，并定期休息。如果游戏不再有趣，请联系我们暂时关闭您的账户。</p>',
        },
      ],
    },
  ],
  ID: [
    {
      name: 'Akun',
      articles: [
        {
          title: 'Bagaimana cara mendaftar?',
          content:
            '<p>Klik <strong>Daftar</strong>, pilih nama pengguna dan kata sandi, pastikan Anda berusia 18 tahun atau lebih, lalu setujui ketentuannya. Pendaftaran dengan nomor ponsel tersedia jika diaktifkan.</p>',
        },
        {
          title: 'Saya lupa kata sandi',
          content:
            '<p>Gunakan <em>Lupa kata sandi</em> di formulir masuk. Anda dapat mengatur ulang lewat e-mail, atau dengan nomor ponsel dan kode SMS.</p>',
        },
        {
          title: 'Mengapa akun saya dikunci?',
          content:
            '<p>Akun dikunci setelah beberapa kali gagal masuk atau atas permintaan Anda sendiri. Hubungi layanan pelanggan untuk membukanya.</p>',
        },
      ],
    },
    {
      name: 'Deposit dan penarikan',
      articles: [
        {
          title: 'Bagaimana cara deposit?',
          content:
            '<ol><li>Klik <strong>Deposit</strong>.</li><li>Pilih saluran dan masukkan jumlahnya.</li><li>Ikuti langkah pembayaran.</li></ol><p>Deposit e-wallet masuk dalam hitungan detik.</p>',
        },
        {
          title: 'Berapa lama penarikan diproses?',
          content:
            '<p>Sebagian besar penarikan dibayar dalam 15 menit. Transfer bank dapat memakan waktu hingga 24 jam.</p>',
        },
      ],
    },
    {
      name: 'Permainan',
      articles: [
        {
          title: 'Permainan macet saat ronde berlangsung',
          content:
            '<p>Taruhan Anda aman: ronde diselesaikan oleh penyedia. Buka kembali permainan untuk melihat hasilnya, atau periksa riwayat taruhan Anda.</p>',
        },
        {
          title: 'Apa itu main gratis?',
          content:
            '<p>Main gratis memungkinkan Anda mencoba permainan dengan kredit demo. Kemenangan dalam main gratis bukan uang sungguhan.</p>',
        },
      ],
    },
    {
      name: 'Promosi',
      articles: [
        {
          title: 'Bagaimana cara klaim bonus?',
          content:
            '<p>Buka <strong>Promosi</strong>, pilih penawaran, lalu tekan <em>Ajukan</em>. Beberapa bonus dikreditkan secara otomatis.</p>',
        },
      ],
    },
    {
      name: 'Bermain secara bertanggung jawab',
      articles: [
        {
          title: 'Mengatur batas',
          content:
            '<p>Bermainlah untuk hiburan, bukan untuk mencari uang. Atur batas deposit dan kekalahan, dan beristirahatlah secara teratur. Jika bermain tidak lagi menyenangkan, hubungi kami untuk menutup akun Anda sementara.</p>',
        },
      ],
    },
  ],
  TH: [
    {
      name: 'บัญชี',
      articles: [
        {
          title: 'สมัครสมาชิกอย่างไร?',
          content:
            '<p>คลิก<strong>สมัครสมาชิก</strong> เลือกชื่อผู้ใช้และรหัสผ่าน ยืนยันว่าคุณอายุ 18 ปีขึ้นไปและยอมรับข้อกำหนด สมัครด้วยหมายเลขโทรศัพท์ได้หากเปิดใช้งานไว้</p>',
        },
        {
          title: 'ฉันลืมรหัสผ่าน',
          content:
            '<p>ใช้<em>ลืมรหัสผ่าน</em>ในแบบฟอร์มเข้าสู่ระบบ คุณรีเซ็ตได้ทางอีเมล หรือด้วยหมายเลขโทรศัพท์และรหัส SMS</p>',
        },
        {
          title: 'ทำไมบัญชีของฉันถูกล็อก?',
          content: '<p>บัญชีจะถูกล็อกหลังเข้าสู่ระบบผิดหลายครั้งหรือเมื่อคุณขอเอง ติดต่อฝ่ายบริการลูกค้าเพื่อปลดล็อก</p>',
        },
      ],
    },
    {
      name: 'ฝากและถอนเงิน',
      articles: [
        {
          title: 'ฝากเงินอย่างไร?',
          content:
            '<ol><li>คลิก<strong>ฝากเงิน</strong></li><li>เลือกช่องทางและกรอกจำนวนเงิน</li><li>ทำตามขั้นตอนการชำระเงิน</li></ol><p>การฝากผ่านอีวอลเล็ทเข้าภายในไม่กี่วินาที</p>',
        },
        {
          title: 'ถอนเงินใช้เวลานานเท่าไร?',
          content: '<p>การถอนส่วนใหญ่จ่ายภายใน 15 นาที การโอนผ่านธนาคารอาจใช้เวลาถึง 24 ชั่วโมง</p>',
        },
      ],
    },
    {
      name: 'เกม',
      articles: [
        {
          title: 'เกมค้างระหว่างเล่น',
          content: '<p>เดิมพันของคุณปลอดภัย ผู้ให้บริการเกมเป็นผู้สรุปผลรอบ เปิดเกมอีกครั้งเพื่อดูผล หรือดูประวัติการเดิมพันของคุณ</p>',
        },
        {
          title: 'เล่นฟรีคืออะไร?',
          content: '<p>เล่นฟรีให้คุณลองเกมด้วยเครดิตทดลอง เงินรางวัลจากการเล่นฟรีไม่ใช่เงินจริง</p>',
        },
      ],
    },
    {
      name: 'โปรโมชั่น',
      articles: [
        {
          title: 'รับโบนัสอย่างไร?',
          content:
            '<p>เปิด<strong>โปรโมชั่น</strong> เลือกข้อเสนอแล้วกด<em>สมัคร</em> โบนัสบางรายการจะได้รับโดยอัตโนมัติ</p>',
        },
      ],
    },
    {
      name: 'การเล่นอย่างรับผิดชอบ',
      articles: [
        {
          title: 'การตั้งขีดจำกัด',
          content:
            '<p>เล่นเพื่อความสนุก ไม่ใช่เพื่อหาเงิน ตั้งขีดจำกัดการฝากและการเสีย และพักเป็นประจำ หากการเล่นไม่สนุกอีกต่อไป โปรดติดต่อเราเพื่อปิดบัญชีชั่วคราว</p>',
        },
      ],
    },
  ],
  VI: [
    {
      name: 'Tài khoản',
      articles: [
        {
          title: 'Làm thế nào để đăng ký?',
          content:
            '<p>Nhấn <strong>Đăng ký</strong>, chọn tên đăng nhập và mật khẩu, xác nhận bạn từ 18 tuổi trở lên và chấp nhận điều khoản. Có thể đăng ký bằng số điện thoại nếu được bật.</p>',
        },
        {
          title: 'Tôi quên mật khẩu',
          content:
            '<p>Dùng <em>Quên mật khẩu</em> trên biểu mẫu đăng nhập. Bạn có thể đặt lại qua e-mail, hoặc bằng số điện thoại và mã SMS.</p>',
        },
        {
          title: 'Vì sao tài khoản của tôi bị khóa?',
          content:
            '<p>Tài khoản bị khóa sau nhiều lần đăng nhập sai hoặc theo yêu cầu của chính bạn. Liên hệ chăm sóc khách hàng để mở khóa.</p>',
        },
      ],
    },
    {
      name: 'Nạp và rút tiền',
      articles: [
        {
          title: 'Làm thế nào để nạp tiền?',
          content:
            '<ol><li>Nhấn <strong>Nạp tiền</strong>.</li><li>Chọn kênh và nhập số tiền.</li><li>Làm theo các bước thanh toán.</li></ol><p>Tiền nạp qua ví điện tử vào trong vài giây.</p>',
        },
        {
          title: 'Rút tiền mất bao lâu?',
          content:
            '<p>Phần lớn lệnh rút được chi trong 15 phút. Chuyển khoản ngân hàng có thể mất đến 24 giờ.</p>',
        },
      ],
    },
    {
      name: 'Trò chơi',
      articles: [
        {
          title: 'Trò chơi bị treo giữa ván',
          content:
            '<p>Tiền cược của bạn an toàn: ván chơi do nhà cung cấp kết toán. Mở lại trò chơi để xem kết quả, hoặc xem lịch sử cược của bạn.</p>',
        },
        {
          title: 'Chơi thử là gì?',
          content:
            '<p>Chơi thử cho phép bạn thử trò chơi bằng tín dụng demo. Tiền thắng khi chơi thử không phải tiền thật.</p>',
        },
      ],
    },
    {
      name: 'Khuyến mãi',
      articles: [
        {
          title: 'Làm thế nào để nhận thưởng?',
          content:
            '<p>Mở <strong>Khuyến mãi</strong>, chọn một ưu đãi và nhấn <em>Đăng ký</em>. Một số khoản thưởng được cộng tự động.</p>',
        },
      ],
    },
    {
      name: 'Chơi có trách nhiệm',
      articles: [
        {
          title: 'Đặt giới hạn',
          content:
            '<p>Hãy chơi để giải trí, không phải để kiếm tiền. Đặt giới hạn nạp tiền và thua lỗ, và nghỉ ngơi thường xuyên. Nếu trò chơi không còn vui, hãy liên hệ chúng tôi để tạm đóng tài khoản.</p>',
        },
      ],
    },
  ],
};

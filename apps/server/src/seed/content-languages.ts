// The demo merchant's notices, announcements, help centre and banners in CN, ID, TH and VI (EN and TY are in
// content.ts): the same items in the same order, with the same markup (decision 066).

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

/** A banner's four lines: short marketing copy drawn into its picture (the headline is also its title). */
export type BannerText = { kicker: string; headline: string; subline: string; cta: string };
const banner = (kicker: string, headline: string, subline: string, cta: string): BannerText => ({
  kicker,
  headline,
  subline,
  cta,
});

/**
 * The demo banners in CN, ID, TH and VI, in the order content.ts's BANNERS yields them: group by group (home, rng,
 * live, fish, pvp, sports, esports, lottery, download, promotion, shop, help, bingo, w_login, w_register), then index.
 */
export const BANNER_TEXTS: Record<SeedLanguage, BannerText[]> = {
  CN: [
    // home
    banner('公平游戏', '每次旋转都可验证', '我们的老虎机公开赔率，每一局都可自行验证。', '立即旋转'),
    banner('真人娱乐场', '百家乐、轮盘、骰宝', '牌桌来自我们的游戏供应商。', '真人开玩'),
    banner('您的账户', '几分钟完成存款', '支持电子钱包和银行转账。', '查看方法'),
    // rng
    banner('老虎机', '数千款老虎机游戏', '来自我们的工作室和供应商。', '立即旋转'),
    banner('大奖', '累积奖池', '每一次旋转，奖池都在增长。', '试试手气'),
    // live
    banner('真人娱乐场', '百家乐与龙虎', '从我们的供应商中挑选牌桌。', '加入牌桌'),
    banner('轮盘', '押红、押黑或押数字', '来自供应商的真人轮盘桌。', '玩轮盘'),
    // fish
    banner('捕鱼达人', '瞄准、射击、赢大奖', '来自我们供应商的捕鱼游戏。', '开始捕鱼'),
    banner('街机', '局短节奏快', '射击与街机游戏。', '开始捕鱼'),
    // pvp
    banner('棋牌游戏', 'Tongits 与 Pusoy', '来自我们供应商的棋牌游戏。', '寻找房间'),
    banner('扑克', '德州扑克及更多', '选择适合您的投注额。', '寻找房间'),
    // sports
    banner('体育', '篮球、足球、拳击', '来自我们供应商的体育投注。', '立即投注'),
    banner('串关', '自由组合您的选择', '供应商提供单注与串关投注。', '立即投注'),
    // esports
    banner('电竞', 'MLBB、Dota 2、Valorant', '来自我们供应商的电竞投注。', '立即投注'),
    banner('电竞', '反恐精英与英雄联盟', '为您支持的战队下注。', '立即投注'),
    // lottery
    banner('彩票', '彩票', '来自我们供应商的彩票游戏。', '立即选号'),
    banner('快速开奖', '快3、PK10 和 11选5', '选出您的号码。', '立即开玩'),
    // download
    banner('手机 App', '随时随地畅玩', '将本站添加到手机主屏幕。', '立即下载'),
    banner('安装', '扫描二维码', 'iOS 与安卓安装步骤。', '获取 App'),
    // promotion
    banner('优惠活动', '优惠活动', '活动开始后将在此显示。', '查看全部'),
    banner('帮助', '对优惠有疑问？', '我们的客服团队乐意为您解答。', '获取帮助'),
    // shop
    banner('积分商城', '积分永不过期', '积分商城即将在此开放。', '立即选购'),
    banner('积分商城', '兑换您的积分', '商城开放后可兑换商品和现金。', '去逛逛'),
    // help
    banner('帮助中心', '有什么可以帮您？', '常见问题解答。', '在线咨询'),
    banner('理性娱乐', '游戏只为娱乐', '适时休息，游戏只为娱乐。', '了解更多'),
    // bingo
    banner('宾果', '划号喊出宾果', '来自我们供应商的宾果游戏。', '玩宾果'),
    banner('中奖图案', '连线与满卡', '75 球与 90 球玩法。', '加入房间'),
    // w_login
    banner('欢迎回来', '您的游戏正在等您', '登录后继续游戏。', '登录'),
    // w_register
    banner('立即加入', '创建您的账户', '一分钟内完成注册。', '注册'),
  ],
  ID: [
    // home
    banner(
      'Main adil',
      'Cek setiap putaran',
      'Peluang slot kami transparan; cek sendiri setiap ronde.',
      'Putar sekarang',
    ),
    banner('Kasino langsung', 'Baccarat, rolet, sic bo', 'Meja dari penyedia game kami.', 'Main langsung'),
    banner('Akun Anda', 'Deposit dalam hitungan menit', 'E-wallet dan transfer bank.', 'Lihat caranya'),
    // rng
    banner('Slot', 'Ribuan game slot', 'Dari studio kami dan para penyedia kami.', 'Putar sekarang'),
    banner('Jackpot', 'Jackpot progresif', 'Hadiahnya bertambah di setiap putaran.', 'Coba peruntungan'),
    // live
    banner(
      'Kasino langsung',
      'Baccarat dan dragon tiger',
      'Pilih meja dari penyedia kami.',
      'Gabung ke meja',
    ),
    banner('Rolet', 'Merah, hitam, atau angka', 'Meja langsung dari penyedia kami.', 'Main rolet'),
    // fish
    banner(
      'Tembak ikan',
      'Bidik, tembak, raih hadiah',
      'Game tembak ikan dari penyedia kami.',
      'Mulai berburu',
    ),
    banner('Arkade', 'Ronde singkat, main cepat', 'Game tembak dan arkade.', 'Mulai berburu'),
    // pvp
    banner('Game kartu', 'Tongits dan pusoy', 'Game kartu dari penyedia kami.', 'Cari meja'),
    banner('Poker', "Texas hold'em dan lainnya", 'Pilih taruhan yang cocok untuk Anda.', 'Cari meja'),
    // sports
    banner('Olahraga', 'Basket, sepak bola, tinju', 'Sportsbook dari penyedia kami.', 'Pasang taruhan'),
    banner(
      'Parlay',
      'Gabungkan pilihan Anda',
      'Taruhan single dan parlay di penyedia kami.',
      'Pasang taruhan',
    ),
    // esports
    banner('E-sport', 'MLBB, Dota 2, Valorant', 'Taruhan e-sport dari penyedia kami.', 'Pasang taruhan'),
    banner('E-sport', 'Counter-Strike dan League', 'Dukung tim jagoan Anda.', 'Pasang taruhan'),
    // lottery
    banner('Lotre', 'Lotre', 'Game lotre dari penyedia kami.', 'Pilih angka'),
    banner('Undian cepat', 'K3, PK10 dan 11X5', 'Pilih angka Anda.', 'Main sekarang'),
    // download
    banner('Aplikasi seluler', 'Main di mana saja', 'Tambahkan situs ke layar utama Anda.', 'Unduh'),
    banner('Instal', 'Pindai kode QR', 'Langkah untuk iOS dan Android.', 'Dapatkan aplikasi'),
    // promotion
    banner('Promosi', 'Promosi', 'Penawaran muncul di sini saat berlangsung.', 'Lihat semua'),
    banner('Bantuan', 'Ada pertanyaan soal promo?', 'Tim dukungan kami siap membantu.', 'Minta bantuan'),
    // shop
    banner('Toko poin', 'Poin tidak pernah hangus', 'Toko poin akan dibuka di sini.', 'Belanja sekarang'),
    banner('Toko poin', 'Tukarkan poin Anda', 'Barang dan uang tunai, saat toko buka.', 'Lihat-lihat'),
    // help
    banner('Pusat bantuan', 'Ada yang bisa kami bantu?', 'Jawaban atas pertanyaan umum.', 'Chat dengan kami'),
    banner('Main bertanggung jawab', 'Main untuk hiburan', 'Ambil jeda. Main untuk hiburan.', 'Selengkapnya'),
    // bingo
    banner('Bingo', 'Tandai dan serukan bingo', 'Game bingo dari penyedia kami.', 'Main bingo'),
    banner('Pola', 'Baris dan kartu penuh', 'Game 75 bola dan 90 bola.', 'Masuk room'),
    // w_login
    banner('Selamat datang kembali', 'Game Anda menunggu', 'Masuk untuk melanjutkan.', 'Masuk'),
    // w_register
    banner('Gabung hari ini', 'Buat akun Anda', 'Daftar dalam waktu kurang dari semenit.', 'Daftar'),
  ],
  TH: [
    // home
    banner('เล่นอย่างยุติธรรม', 'ตรวจสอบได้ทุกการหมุน', 'สล็อตของเราเปิดเผยอัตราจ่าย ตรวจสอบทุกรอบได้ด้วยตัวเอง', 'หมุนเลย'),
    banner('คาสิโนสด', 'บาคาร่า รูเล็ต ไฮโล', 'โต๊ะจากผู้ให้บริการเกมของเรา', 'เล่นสดเลย'),
    banner('บัญชีของคุณ', 'ฝากเงินได้ในไม่กี่นาที', 'อีวอลเล็ทและโอนผ่านธนาคาร', 'ดูวิธีการ'),
    // rng
    banner('สล็อต', 'เกมสล็อตนับพันเกม', 'จากสตูดิโอของเราและผู้ให้บริการ', 'หมุนเลย'),
    banner('แจ็คพอต', 'แจ็คพอตสะสม', 'เงินรางวัลเพิ่มขึ้นทุกการหมุน', 'ลองเสี่ยงโชค'),
    // live
    banner('คาสิโนสด', 'บาคาร่าและเสือมังกร', 'เลือกโต๊ะจากผู้ให้บริการของเรา', 'เข้าร่วมโต๊ะ'),
    banner('รูเล็ต', 'แดง ดำ หรือตัวเลข', 'โต๊ะสดจากผู้ให้บริการของเรา', 'เล่นรูเล็ต'),
    // fish
    banner('ยิงปลา', 'เล็ง ยิง คว้ารางวัล', 'เกมยิงปลาจากผู้ให้บริการของเรา', 'เริ่มยิงปลา'),
    banner('อาร์เคด', 'รอบสั้น เล่นไว', 'เกมยิงและเกมอาร์เคด', 'เริ่มยิงปลา'),
    // pvp
    banner('เกมไพ่', 'Tongits และ Pusoy', 'เกมไพ่จากผู้ให้บริการของเรา', 'หาห้อง'),
    banner('โป๊กเกอร์', 'เท็กซัสโฮลเด็มและอื่น ๆ', 'เลือกเดิมพันที่เหมาะกับคุณ', 'หาห้อง'),
    // sports
    banner('กีฬา', 'บาสเกตบอล ฟุตบอล มวย', 'เดิมพันกีฬาจากผู้ให้บริการของเรา', 'เดิมพันเลย'),
    banner('บอลสเต็ป', 'รวมคู่ที่คุณเลือก', 'บอลเดี่ยวและสเต็ปจากผู้ให้บริการของเรา', 'เดิมพันเลย'),
    // esports
    banner('อีสปอร์ต', 'MLBB Dota 2 และ Valorant', 'เดิมพันอีสปอร์ตจากผู้ให้บริการของเรา', 'เดิมพันเลย'),
    banner('อีสปอร์ต', 'Counter-Strike และ League', 'เชียร์ทีมของคุณ', 'เดิมพันเลย'),
    // lottery
    banner('ลอตเตอรี่', 'หวย', 'เกมหวยจากผู้ให้บริการของเรา', 'เลือกเลข'),
    banner('ออกผลไว', 'K3, PK10 และ 11X5', 'เลือกเลขของคุณ', 'เล่นเลย'),
    // download
    banner('แอปมือถือ', 'เล่นได้ทุกที่', 'เพิ่มเว็บไซต์ไว้ที่หน้าจอหลัก', 'ดาวน์โหลด'),
    banner('ติดตั้ง', 'สแกนคิวอาร์โค้ด', 'ขั้นตอนสำหรับ iOS และ Android', 'รับแอป'),
    // promotion
    banner('โปรโมชั่น', 'โปรโมชั่น', 'ข้อเสนอจะแสดงที่นี่เมื่อเริ่มกิจกรรม', 'ดูทั้งหมด'),
    banner('ช่วยเหลือ', 'มีคำถามเรื่องข้อเสนอ?', 'ทีมงานของเราพร้อมช่วยเหลือ', 'ขอความช่วยเหลือ'),
    // shop
    banner('ร้านแลกแต้ม', 'แต้มไม่มีวันหมดอายุ', 'ร้านแลกแต้มจะเปิดที่นี่', 'ช้อปเลย'),
    banner('ร้านแลกแต้ม', 'แลกแต้มของคุณ', 'สินค้าและเงินสด เมื่อร้านเปิด', 'ดูสินค้า'),
    // help
    banner('ศูนย์ช่วยเหลือ', 'ให้เราช่วยอะไรดี?', 'คำตอบสำหรับคำถามที่พบบ่อย', 'แชทกับเรา'),
    banner('เล่นอย่างรับผิดชอบ', 'เล่นเพื่อความสนุก', 'พักบ้าง เล่นเพื่อความสนุก', 'ดูเพิ่มเติม'),
    // bingo
    banner('บิงโก', 'ขีดเลขแล้วร้องบิงโก', 'เกมบิงโกจากผู้ให้บริการของเรา', 'เล่นบิงโก'),
    banner('รูปแบบ', 'แถวและเต็มใบ', 'เกม 75 ลูกและ 90 ลูก', 'เข้าห้อง'),
    // w_login
    banner('ยินดีต้อนรับกลับ', 'เกมของคุณรออยู่', 'เข้าสู่ระบบเพื่อเล่นต่อ', 'เข้าสู่ระบบ'),
    // w_register
    banner('สมัครวันนี้', 'สร้างบัญชีของคุณ', 'สมัครได้ในไม่ถึงนาที', 'สมัครสมาชิก'),
  ],
  VI: [
    // home
    banner(
      'Chơi công bằng',
      'Kiểm chứng mọi vòng quay',
      'Slot công khai tỷ lệ; bạn tự kiểm chứng mọi ván.',
      'Quay ngay',
    ),
    banner(
      'Sòng bài trực tiếp',
      'Baccarat, roulette, tài xỉu',
      'Bàn chơi từ các nhà cung cấp game.',
      'Chơi ngay',
    ),
    banner(
      'Tài khoản của bạn',
      'Nạp tiền trong vài phút',
      'Ví điện tử và chuyển khoản ngân hàng.',
      'Xem cách nạp',
    ),
    // rng
    banner('Nổ hũ', 'Hàng nghìn game slot', 'Từ studio của chúng tôi và các nhà cung cấp.', 'Quay ngay'),
    banner('Hũ thưởng', 'Jackpot lũy tiến', 'Hũ thưởng lớn dần sau mỗi vòng quay.', 'Thử vận may'),
    // live
    banner(
      'Sòng bài trực tiếp',
      'Baccarat và rồng hổ',
      'Chọn bàn từ các nhà cung cấp của chúng tôi.',
      'Vào bàn',
    ),
    banner('Cò quay', 'Đỏ, đen hay một con số', 'Bàn trực tiếp từ các nhà cung cấp.', 'Chơi cò quay'),
    // fish
    banner('Bắn cá', 'Ngắm, bắn, rinh quà', 'Game bắn cá từ các nhà cung cấp của chúng tôi.', 'Bắn cá ngay'),
    banner('Game arcade', 'Ván ngắn, chơi nhanh', 'Game bắn súng và arcade.', 'Bắn cá ngay'),
    // pvp
    banner('Game bài', 'Tongits và pusoy', 'Game bài từ các nhà cung cấp của chúng tôi.', 'Tìm phòng'),
    banner('Poker', "Texas hold'em và hơn thế", 'Chọn mức cược phù hợp với bạn.', 'Tìm phòng'),
    // sports
    banner('Thể thao', 'Bóng rổ, bóng đá, quyền anh', 'Cược thể thao từ các nhà cung cấp.', 'Cược ngay'),
    banner(
      'Cược xiên',
      'Kết hợp lựa chọn của bạn',
      'Cược đơn và cược xiên tại các nhà cung cấp.',
      'Cược ngay',
    ),
    // esports
    banner(
      'Thể thao điện tử',
      'MLBB, Dota 2, Valorant',
      'Cược thể thao điện tử từ các nhà cung cấp.',
      'Cược ngay',
    ),
    banner('Thể thao điện tử', 'Counter-Strike và Liên Minh', 'Ủng hộ đội của bạn.', 'Cược ngay'),
    // lottery
    banner('Xổ số', 'Xổ số', 'Game xổ số từ các nhà cung cấp của chúng tôi.', 'Chọn số'),
    banner('Xổ số nhanh', 'K3, PK10 và 11X5', 'Chọn con số của bạn.', 'Chơi ngay'),
    // download
    banner('Ứng dụng di động', 'Chơi mọi lúc mọi nơi', 'Thêm trang vào màn hình chính của bạn.', 'Tải về'),
    banner('Cài đặt', 'Quét mã QR', 'Các bước cho iOS và Android.', 'Tải ứng dụng'),
    // promotion
    banner('Khuyến mãi', 'Khuyến mãi', 'Ưu đãi sẽ hiện ở đây khi diễn ra.', 'Xem tất cả'),
    banner('Trợ giúp', 'Thắc mắc về ưu đãi?', 'Đội ngũ hỗ trợ luôn sẵn sàng giúp bạn.', 'Nhận trợ giúp'),
    // shop
    banner('Cửa hàng điểm', 'Điểm không bao giờ hết hạn', 'Cửa hàng điểm sẽ mở tại đây.', 'Mua ngay'),
    banner('Cửa hàng điểm', 'Đổi điểm của bạn', 'Hàng hóa và tiền mặt, khi cửa hàng mở.', 'Xem hàng'),
    // help
    banner(
      'Trung tâm trợ giúp',
      'Chúng tôi giúp gì được bạn?',
      'Giải đáp các câu hỏi thường gặp.',
      'Chat với chúng tôi',
    ),
    banner('Chơi có trách nhiệm', 'Chơi để giải trí', 'Hãy nghỉ ngơi. Chơi để giải trí.', 'Tìm hiểu thêm'),
    // bingo
    banner('Bingo', 'Đánh dấu và hô bingo', 'Game bingo từ các nhà cung cấp của chúng tôi.', 'Chơi bingo'),
    banner('Mẫu thắng', 'Trúng hàng và kín vé', 'Game 75 bóng và 90 bóng.', 'Vào phòng'),
    // w_login
    banner('Chào mừng trở lại', 'Trò chơi đang chờ bạn', 'Đăng nhập để tiếp tục.', 'Đăng nhập'),
    // w_register
    banner('Tham gia ngay', 'Tạo tài khoản của bạn', 'Đăng ký chưa tới một phút.', 'Đăng ký'),
  ],
};

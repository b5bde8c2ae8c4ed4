import type { enLive } from './en-live.ts';

/** Vietnamese strings of the live casino back office (decision 054). */
export const viLive: typeof enLive = {
  liveAdmin: {
    title: 'Sòng bài trực tiếp',
    intro:
      'Studio trực tiếp nội bộ: các bàn (dùng chung cho mọi nhà điều hành) với giới hạn, chu kỳ và công tắc bảo trì, các ván cùng lượt cược của nhà điều hành này, và lãi lỗ sòng bài trực tiếp.',
    sections: 'Các mục sòng bài trực tiếp',
    tabs: { tables: 'Bàn', rounds: 'Ván', report: 'Lãi lỗ', chat: 'Trò chuyện phòng' },
    table: 'Bàn',
    status: 'Trạng thái',
    bets: 'Lượt cược',
    stake: 'Tiền cược',
    returned: 'Đã trả lại',
    houseWin: 'Nhà cái thắng',
    actions: 'Thao tác',
    close: 'Đóng',
    saved: 'Đã lưu.',
    loading: 'Đang tải…',
    games: {
      baccarat: 'Baccarat',
      dragon_tiger: 'Rồng hổ',
      roulette: 'Roulette',
      sicbo: 'Sic bo',
      bingo75: 'Bingo 75',
      bingo90: 'Bingo 90',
    },
    roundStatus: { open: 'Đang mở', drawing: 'Đang quay', settled: 'Đã thanh toán', void: 'Vô hiệu' },
    betStatus: { open: 'Đang mở', settled: 'Đã thanh toán', refunded: 'Đã hoàn tiền' },
    winner: { player: 'Con', banker: 'Cái', tie: 'Hòa' },
    spots: {
      player: 'Con',
      banker: 'Cái',
      tie: 'Hòa',
      playerPair: 'Đôi con',
      bankerPair: 'Đôi cái',
    },
    tables: {
      title: 'Bàn',
      intro:
        'Các bàn thuộc nền tảng: thay đổi ở đây áp dụng cho thành viên của mọi nhà điều hành. Giới hạn tính theo ô cược và ván.',
      empty: 'Chưa có bàn nào.',
      running: 'Đang chạy',
      underMaintenance: 'Đang bảo trì',
      summary:
        '{{game}} · cược {{min}} đến {{max}} mỗi ô · {{betting}} giây đặt cược, {{result}} giây kết quả · {{rounds}} ván chưa chia, {{bets}} lượt cược đang chờ',
      maintenance: 'Đang bảo trì',
      maintenanceHelp:
        'Không có ván mới và không nhận cược. Đưa bàn vào bảo trì sẽ hủy các ván chưa chia và hoàn tiền mọi lượt cược trên đó.',
      confirmMaintenance:
        'Đưa bàn này vào bảo trì? {{rounds}} ván chưa chia sẽ bị hủy và {{bets}} lượt cược được hoàn tiền, cho mọi nhà điều hành.',
      limits: 'Giới hạn mỗi ô và mỗi ván',
      minBet: 'Cược ít nhất',
      maxBet: 'Cược nhiều nhất',
      limitsHelp:
        'Nhập và hiển thị như thành viên của nhà cái này nhìn thấy. Studio giữ một bộ giới hạn chung cho mọi nhà cái, theo bước {{step}} ở loại tiền này.',
      cycle: 'Chu kỳ',
      bettingSeconds: 'Số giây đặt cược',
      resultSeconds: 'Số giây kết quả',
      secondsRange: 'Từ {{min}} đến {{max}} giây.',
      cycleHelp:
        'Chu kỳ chỉ đổi được khi bảo trì: các ván đã tạo giữ nguyên thời gian, và bàn bắt đầu lại bằng ván mới khi hoạt động trở lại.',
      invalid: 'Nhập số tiền hoặc số giây nguyên.',
      save: 'Lưu {{code}}',
    },
    rooms: {
      title: 'Phòng bingo',
      intro:
        'Các phòng thuộc nền tảng, giống các bàn: thay đổi ở đây áp dụng cho thành viên của mọi nhà điều hành dùng loại tiền của phòng. Mỗi phòng có một loại tiền (giá thẻ, doanh số và giải thưởng đều tính bằng loại tiền đó) và chỉ các nhà điều hành dùng loại tiền đó mới cung cấp phòng. Giải thưởng của mỗi nhà điều hành là phần trích từ doanh số thẻ của chính thành viên họ.',
      empty: 'Chưa có phòng bingo nào.',
      games: { bingo75: 'Bingo 75 bóng', bingo90: 'Bingo 90 bóng' },
      patterns: {
        line: 'Một hàng',
        twoLines: 'Hai hàng',
        fullHouse: 'Kín thẻ',
        fourCorners: 'Bốn góc',
        x: 'X',
        oneLine: 'Một hàng ngang',
      },
      summary:
        '{{game}} · thẻ {{price}}, tối đa {{max}} mỗi thành viên · bán {{sale}} giây, mỗi {{ball}} giây một bóng · {{share}}% doanh số trả làm giải thưởng · {{games}} ván chưa quay, {{cards}} lượt mua đang chờ',
      maintenanceHelp:
        'Không có ván mới và không bán thẻ. Đưa phòng vào bảo trì sẽ hủy các ván chưa quay và hoàn tiền mọi thẻ đã mua cho các ván đó.',
      confirmMaintenance:
        'Đưa phòng này vào bảo trì? Các ván chưa quay sẽ bị hủy và thẻ được hoàn tiền, cho mọi nhà điều hành.',
      cardsSold: '{{count}} thẻ (lượt mua: {{bets}})',
      cards: 'Thẻ',
      cardPrice: 'Giá thẻ ({{currency}})',
      maxCards: 'Số thẻ tối đa một thành viên giữ trong một ván',
      schedule: 'Lịch',
      saleSeconds: 'Số giây bán thẻ',
      ballSeconds: 'Số giây giữa các bóng',
      scheduleHelp:
        'Thời gian bán và khoảng cách bóng chỉ đổi được khi bảo trì: các ván đã tạo giữ nguyên thời gian, và phòng bắt đầu lại bằng ván mới khi hoạt động trở lại. Giá thẻ, số thẻ tối đa và giải thưởng áp dụng từ ván kế tiếp chưa mở.',
      prizes: 'Giải thưởng (phần doanh số, tính bằng %)',
      share: 'Phần của {{pattern}} (%)',
      sharesTotal: 'Trả lại làm giải thưởng: {{total}}% doanh số. Để trống một kiểu để không chơi kiểu đó.',
      invalid: 'Nhập số tiền, số thẻ hoặc số giây nguyên.',
      invalidShares:
        'Nhập mỗi phần dưới dạng phần trăm, tối đa một chữ số thập phân; ít nhất một giải, tổng tối đa 100%.',
    },
    rounds: {
      title: 'Ván',
      intro:
        'Các ván của mọi bàn, mới nhất trước, kèm lượt cược của nhà điều hành này ở mỗi ván. Hạt giống của ván được hiển thị khi ván đã chia hoặc bị hủy.',
      anyTable: 'Mọi bàn',
      anyStatus: 'Mọi trạng thái',
      roundNo: 'Ván',
      opensAt: 'Mở lúc',
      closesAt: 'Đóng cược lúc',
      result: 'Kết quả',
      empty: 'Không có ván nào phù hợp.',
      details: 'Chi tiết',
      open: 'Ván {{round}} của {{table}}: chi tiết',
      detailTitle: '{{table}} ván {{round}}',
      betsOf: 'Lượt cược của nhà điều hành này ở ván {{round}}',
      noBets: 'Nhà điều hành này không có lượt cược nào ở ván này.',
      member: 'Thành viên',
      spots: 'Ô cược',
      seedHash: 'Mã băm hạt giống (cam kết trước khi đặt cược)',
      seed: 'Server seed',
      seedHidden: 'Hiển thị khi ván đã chia hoặc bị hủy',
    },
    report: {
      title: 'Lãi lỗ sòng bài trực tiếp',
      intro:
        'Theo ngày của ván (múi giờ của nhà điều hành này) và theo bàn, trên các lượt cược đã thanh toán của nhà điều hành này. Không tính các lượt cược đã hoàn tiền.',
      day: 'Ngày',
      empty: 'Không có lượt cược đã thanh toán trong những ngày này.',
      totals: 'Tổng',
    },
  },
};

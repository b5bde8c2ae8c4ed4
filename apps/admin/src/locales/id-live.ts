import type { enLive } from './en-live.ts';

/** Indonesian strings of the live casino back office (decision 054). */
export const idLive: typeof enLive = {
  liveAdmin: {
    title: 'Kasino langsung',
    intro:
      'Studio langsung internal: meja-mejanya (dipakai bersama semua merchant) dengan batas, siklus, dan sakelar pemeliharaannya, ronde beserta taruhan merchant ini, dan laba rugi kasino langsung.',
    sections: 'Bagian kasino langsung',
    tabs: { tables: 'Meja', rounds: 'Ronde', report: 'Laba rugi', chat: 'Obrolan ruang' },
    table: 'Meja',
    status: 'Status',
    bets: 'Taruhan',
    stake: 'Taruhan',
    returned: 'Dikembalikan',
    houseWin: 'Kemenangan rumah',
    actions: 'Tindakan',
    close: 'Tutup',
    saved: 'Tersimpan.',
    loading: 'Memuat…',
    games: {
      baccarat: 'Bakarat',
      dragon_tiger: 'Naga harimau',
      roulette: 'Rolet',
      sicbo: 'Sic bo',
      bingo75: 'Bingo 75',
      bingo90: 'Bingo 90',
    },
    roundStatus: { open: 'Terbuka', drawing: 'Sedang diundi', settled: 'Selesai', void: 'Batal' },
    betStatus: { open: 'Terbuka', settled: 'Selesai', refunded: 'Dikembalikan' },
    winner: { player: 'Pemain', banker: 'Bandar', tie: 'Seri' },
    spots: {
      player: 'Pemain',
      banker: 'Bandar',
      tie: 'Seri',
      playerPair: 'Pasangan pemain',
      bankerPair: 'Pasangan bandar',
    },
    tables: {
      title: 'Meja',
      intro:
        'Meja milik platform: perubahan di sini berlaku untuk member setiap merchant. Batas berlaku per area taruhan dan ronde.',
      empty: 'Belum ada meja.',
      running: 'Berjalan',
      underMaintenance: 'Dalam pemeliharaan',
      summary:
        '{{game}} · taruhan {{min}} sampai {{max}} per area · {{betting}} dtk taruhan, {{result}} dtk hasil · {{rounds}} ronde belum dibagikan, {{bets}} taruhan menunggu',
      maintenance: 'Dalam pemeliharaan',
      maintenanceHelp:
        'Tidak ada ronde atau taruhan baru. Memasukkan meja ke pemeliharaan membatalkan ronde yang belum dibagikan dan mengembalikan setiap taruhannya.',
      confirmMaintenance:
        'Masukkan meja ini ke pemeliharaan? {{rounds}} ronde yang belum dibagikan akan dibatalkan dan {{bets}} taruhannya dikembalikan, untuk setiap merchant.',
      limits: 'Batas per area dan ronde',
      minBet: 'Taruhan terkecil',
      maxBet: 'Taruhan terbesar',
      limitsHelp:
        'Diketik dan ditampilkan seperti yang dilihat anggota merchant ini. Studio menyimpan satu set batas untuk semua merchant, dengan kelipatan {{step}} dalam mata uang ini.',
      cycle: 'Siklus',
      bettingSeconds: 'Detik taruhan',
      resultSeconds: 'Detik hasil',
      secondsRange: 'Dari {{min}} sampai {{max}} detik.',
      cycleHelp:
        'Siklus hanya berubah saat pemeliharaan: ronde yang sudah dibuat mempertahankan waktunya, dan meja dimulai lagi dengan ronde baru saat kembali.',
      invalid: 'Ketik jumlah atau jumlah detik yang bulat.',
      save: 'Simpan {{code}}',
    },
    rooms: {
      title: 'Ruang bingo',
      intro:
        'Ruang milik platform, seperti meja: perubahan di sini berlaku untuk member setiap merchant yang memakai mata uang ruang itu. Satu ruang memiliki satu mata uang (harga kartu, penjualan, dan hadiahnya dalam mata uang itu) dan hanya merchant bermata uang itu yang menawarkannya. Hadiah setiap merchant adalah bagian dari penjualan kartu member merchant itu sendiri.',
      empty: 'Belum ada ruang bingo.',
      games: { bingo75: 'Bingo 75 bola', bingo90: 'Bingo 90 bola' },
      patterns: {
        line: 'Garis',
        twoLines: 'Dua garis',
        fullHouse: 'Penuh',
        fourCorners: 'Empat sudut',
        x: 'Pola X',
        oneLine: 'Satu baris',
      },
      summary:
        '{{game}} · kartu {{price}}, paling banyak {{max}} per member · {{sale}} dtk penjualan, satu bola setiap {{ball}} dtk · {{share}}% penjualan dibayar sebagai hadiah · {{games}} permainan belum diundi, {{cards}} pembelian menunggu',
      maintenanceHelp:
        'Tidak ada permainan baru dan penjualan kartu. Memasukkan ruang ke pemeliharaan membatalkan permainan yang belum diundi dan mengembalikan setiap kartu yang dibeli untuknya.',
      confirmMaintenance:
        'Masukkan ruang ini ke pemeliharaan? Permainan yang belum diundi akan dibatalkan dan kartunya dikembalikan, untuk setiap merchant.',
      cardsSold: '{{count}} kartu (pembelian: {{bets}})',
      cards: 'Kartu',
      cardPrice: 'Harga kartu ({{currency}})',
      maxCards: 'Kartu terbanyak yang dipegang member dalam satu permainan',
      schedule: 'Jadwal',
      saleSeconds: 'Detik penjualan',
      ballSeconds: 'Detik antarbola',
      scheduleHelp:
        'Penjualan dan jeda bola hanya berubah saat pemeliharaan: permainan yang sudah dibuat mempertahankan waktunya, dan ruang dimulai lagi dengan permainan baru saat kembali. Harga kartu, kartu terbanyak, dan hadiah berlaku mulai permainan berikutnya yang belum dibuka.',
      prizes: 'Hadiah (bagian penjualan, dalam %)',
      share: 'Bagian {{pattern}} (%)',
      sharesTotal: 'Dikembalikan sebagai hadiah: {{total}}% penjualan. Kosongkan pola agar tidak dimainkan.',
      invalid: 'Ketik jumlah, jumlah kartu, atau jumlah detik yang bulat.',
      invalidShares:
        'Ketik setiap bagian sebagai persen dengan paling banyak satu desimal; minimal satu hadiah, total paling banyak 100%.',
    },
    rounds: {
      title: 'Ronde',
      intro:
        'Ronde setiap meja, terbaru di atas, dengan taruhan merchant ini di masing-masing. Seed ronde ditampilkan setelah dibagikan atau dibatalkan.',
      anyTable: 'Semua meja',
      anyStatus: 'Status apa saja',
      roundNo: 'Ronde',
      opensAt: 'Dibuka',
      closesAt: 'Taruhan ditutup',
      result: 'Hasil',
      empty: 'Tidak ada ronde yang cocok.',
      details: 'Detail',
      open: 'Ronde {{round}} dari {{table}}: detail',
      detailTitle: '{{table}} ronde {{round}}',
      betsOf: 'Taruhan merchant ini pada ronde {{round}}',
      noBets: 'Tidak ada taruhan merchant ini pada ronde ini.',
      member: 'Member',
      spots: 'Area',
      seedHash: 'Hash seed (dikomit sebelum taruhan)',
      seed: 'Seed server',
      seedHidden: 'Ditampilkan setelah ronde dibagikan atau dibatalkan',
    },
    report: {
      title: 'Laba rugi kasino langsung',
      intro:
        'Per hari ronde (zona waktu merchant ini) dan meja, dari taruhan selesai merchant ini. Taruhan yang dikembalikan tidak dihitung.',
      day: 'Hari',
      empty: 'Tidak ada taruhan selesai pada hari-hari ini.',
      totals: 'Total',
    },
  },
};

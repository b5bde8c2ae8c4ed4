import type { enExclusions } from './en-exclusions.ts';

/** Indonesian strings of a member's breaks in the back office (docs/decisions/047-time-out-and-self-exclusion.md). */
export const idExclusions: typeof enExclusions = {
  exclusions: {
    title: 'Jeda dan pengecualian',
    help: 'Jeda, pengecualian diri, dan penutupan yang diambil member, serta pengecualian keluarga atau operator yang dicatat di sini. Jeda atau pengecualian diri milik member sendiri tidak pernah dicabut oleh staf.',
    now: 'Sekarang',
    none: 'Tidak ada jeda yang berlaku: member dapat bermain.',
    active: {
      timeout: 'Jeda sampai {{time}}.',
      self: 'Mengecualikan diri setidaknya sampai {{time}} (setelah itu hanya berakhir atas permintaan member).',
      family: 'Pengecualian keluarga sampai {{time}}.',
      operator: 'Pengecualian operator sampai {{time}}.',
      closure: 'Akun ditutup oleh member.',
    },
    kinds: {
      timeout: 'Jeda',
      self: 'Pengecualian diri',
      family: 'Pengecualian keluarga',
      operator: 'Pengecualian operator',
      closure: 'Penutupan',
    },
    periods: { '6m': '6 bulan', '1y': '1 tahun', '5y': '5 tahun' },
    record: 'Catat pengecualian',
    kind: 'Jenis',
    period: 'Periode',
    reason: 'Alasan',
    reasonHelp:
      'Siapa yang meminta dan mengapa (disimpan di catatan dan log audit; member tidak melihatnya).',
    reasonRequired: 'Harap berikan alasannya.',
    recordButton: 'Catat pengecualian',
    recordConfirm:
      'Kecualikan {{account}} selama {{period}}? Permainan, deposit, dan bonus langsung berhenti di setiap akun tertaut.',
    recorded: 'Pengecualian dicatat.',
    history: 'Riwayat',
    empty: 'Belum ada jeda.',
    account: 'Akun',
    started: 'Dimulai',
    ends: 'Berakhir',
    state: 'Keadaan',
    by: 'Dicatat oleh',
    activeState: 'Aktif',
    ended: 'Berakhir',
    liftsAt: 'Berakhir {{time}} (pencabutan diminta)',
    linked: 'Akun tertaut ({{merchant}})',
    lift: 'Cabut',
    reopen: 'Buka kembali',
    liftReason: 'Alasan mencabut {{kind}}',
    liftReasonPrompt: 'Mengapa ini dicabut? (disimpan di catatan dan log audit)',
    lifted: 'Dicabut.',
    liftedBy: 'Dicabut oleh {{name}}: {{reason}}',
  },
};

import type { enExclusions } from './en-exclusions.ts';

/** Tagalog strings of a member's breaks in the back office. */
export const tyExclusions: typeof enExclusions = {
  exclusions: {
    title: 'Mga pahinga at exclusion',
    help: 'Mga time-out, self-exclusion at pagsasara na kinuha ng miyembro, at mga exclusion ng pamilya o operator na itinala rito. Hindi kailanman inaalis ng staff ang sariling time-out o self-exclusion ng miyembro.',
    now: 'Ngayon',
    none: 'Walang pahinga: makakapaglaro ang miyembro.',
    active: {
      timeout: 'Naka-time-out hanggang {{time}}.',
      self: 'Naka-self-exclusion hanggang {{time}} man lang (matatapos lamang kapag hiniling ng miyembro pagkatapos noon).',
      family: 'Exclusion ng pamilya hanggang {{time}}.',
      operator: 'Exclusion ng operator hanggang {{time}}.',
      closure: 'Isinara ng miyembro ang account.',
    },
    kinds: {
      timeout: 'Time-out',
      self: 'Self-exclusion',
      family: 'Exclusion ng pamilya',
      operator: 'Exclusion ng operator',
      closure: 'Pagsasara',
    },
    periods: { '6m': '6 na buwan', '1y': '1 taon', '5y': '5 taon' },
    record: 'Magtala ng exclusion',
    kind: 'Uri',
    period: 'Tagal',
    reason: 'Dahilan',
    reasonHelp:
      'Sino ang humiling at bakit (nakatala sa record at audit log; hindi ito nakikita ng miyembro).',
    reasonRequired: 'Pakibigay ang dahilan.',
    recordButton: 'Itala ang exclusion',
    recordConfirm:
      'Ibukod si {{account}} nang {{period}}? Titigil agad ang paglalaro, deposito at bonus sa bawat naka-link na account.',
    recorded: 'Naitala ang exclusion.',
    history: 'Kasaysayan',
    empty: 'Wala pang pahinga.',
    account: 'Account',
    started: 'Nagsimula',
    ends: 'Matatapos',
    state: 'Kalagayan',
    by: 'Itinala ni',
    activeState: 'Aktibo',
    ended: 'Tapos na',
    liftsAt: 'Matatapos {{time}} (hiniling alisin)',
    linked: 'Naka-link na account ({{merchant}})',
    lift: 'Alisin',
    reopen: 'Buksan muli',
    liftReason: 'Dahilan ng pag-alis ng {{kind}}',
    liftReasonPrompt: 'Bakit ito inaalis? (nakatala sa record at audit log)',
    lifted: 'Naalis na.',
    liftedBy: 'Inalis ni {{name}}: {{reason}}',
  },
};

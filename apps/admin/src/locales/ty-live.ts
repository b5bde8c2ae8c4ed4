import type { enLive } from './en-live.ts';

/** Tagalog strings of the live casino back office (decision 054). */
export const tyLive: typeof enLive = {
  liveAdmin: {
    title: 'Live casino',
    intro:
      'Ang sariling live studio: ang mga mesa nito (pinagsasaluhan ng lahat ng merchant) kasama ang limitasyon, siklo at switch ng maintenance, ang mga round kasama ang taya ng merchant na ito, at ang P&L ng live casino.',
    sections: 'Mga bahagi ng live casino',
    tabs: { tables: 'Mga mesa', rounds: 'Mga round', report: 'P&L', chat: 'Chat ng room' },
    table: 'Mesa',
    status: 'Katayuan',
    bets: 'Mga taya',
    stake: 'Taya',
    returned: 'Ibinalik',
    houseWin: 'Panalo ng bahay',
    actions: 'Mga aksyon',
    close: 'Isara',
    saved: 'Na-save.',
    loading: 'Naglo-load…',
    games: {
      baccarat: 'Baccarat',
      dragon_tiger: 'Dragon tiger',
      roulette: 'Roulette',
      sicbo: 'Sic bo',
      bingo75: 'Bingo 75',
      bingo90: 'Bingo 90',
    },
    roundStatus: { open: 'Bukas', drawing: 'Binobola', settled: 'Tapos na', void: 'Walang bisa' },
    betStatus: { open: 'Bukas', settled: 'Tapos na', refunded: 'Ibinalik' },
    winner: { player: 'Player', banker: 'Banker', tie: 'Tabla' },
    spots: {
      player: 'Player',
      banker: 'Banker',
      tie: 'Tabla',
      playerPair: 'Player pair',
      bankerPair: 'Banker pair',
    },
    tables: {
      title: 'Mga mesa',
      intro:
        'Ang mga mesa ay sa plataporma: ang pagbabago rito ay para sa mga miyembro ng lahat ng merchant. Ang limitasyon ay bawat puwesto ng taya at round.',
      empty: 'Wala pang mesa.',
      running: 'Tumatakbo',
      underMaintenance: 'Nasa maintenance',
      summary:
        '{{game}} · taya mula {{min}} hanggang {{max}} bawat puwesto · {{betting}} s pagtaya, {{result}} s resulta · {{rounds}} round na hindi pa nabibigay, {{bets}} taya na naghihintay',
      maintenance: 'Nasa maintenance',
      maintenanceHelp:
        'Walang bagong round at walang taya. Kapag inilagay sa maintenance, mawawalan ng bisa ang mga round na hindi pa nabibigay at ibabalik ang bawat taya sa mga ito.',
      confirmMaintenance:
        'Ilagay sa maintenance ang mesang ito? Mawawalan ng bisa ang {{rounds}} round na hindi pa nabibigay at ibabalik ang {{bets}} taya sa mga ito, para sa lahat ng merchant.',
      limits: 'Limitasyon bawat puwesto at round',
      minBet: 'Pinakamababang taya',
      maxBet: 'Pinakamataas na taya',
      limitsHelp:
        'Tina-type at ipinapakita gaya ng nakikita ng mga miyembro ng merchant na ito. Iisang hanay ng limitasyon ang hawak ng studio para sa lahat ng merchant, na may hakbang na {{step}} sa currency na ito.',
      cycle: 'Siklo',
      bettingSeconds: 'Segundo ng pagtaya',
      resultSeconds: 'Segundo ng resulta',
      secondsRange: 'Mula {{min}} hanggang {{max}} segundo.',
      cycleHelp:
        'Nagbabago lang ang siklo habang nasa maintenance: hindi nagbabago ang oras ng mga round na nagawa na, at magsisimula ang mesa sa bagong round pagbalik nito.',
      invalid: 'Maglagay ng buong halaga o bilang ng segundo.',
      save: 'I-save ang {{code}}',
    },
    rooms: {
      title: 'Mga kuwarto ng bingo',
      intro:
        'Sa plataporma ang mga kuwarto, gaya ng mga mesa: ang pagbabago rito ay para sa mga miyembro ng bawat merchant na gumagamit ng currency ng kuwarto. Iisa ang currency ng isang kuwarto (nasa currency na iyon ang presyo ng kard, ang benta at ang mga premyo) at ang mga merchant lang ng currency na iyon ang nag-aalok nito. Ang premyo ng bawat merchant ay bahagi ng benta ng kard sa sarili nitong mga miyembro.',
      empty: 'Wala pang kuwarto ng bingo.',
      games: { bingo75: 'Bingo na 75 bola', bingo90: 'Bingo na 90 bola' },
      patterns: {
        line: 'Isang hanay',
        twoLines: 'Dalawang hanay',
        fullHouse: 'Full house',
        fourCorners: 'Apat na sulok',
        x: 'Ekis',
        oneLine: 'Isang linya',
      },
      summary:
        '{{game}} · kard {{price}}, hanggang {{max}} bawat miyembro · {{sale}} s na bentahan, isang bola bawat {{ball}} s · {{share}}% ng benta ang premyo · {{games}} larong hindi pa nabubunot, {{cards}} bilihang naghihintay',
      maintenanceHelp:
        'Walang bagong laro at walang bentahan ng kard. Kapag inayos ang kuwarto, mawawalan ng bisa ang mga larong hindi pa nabubunot at ibabalik ang bayad sa bawat kard nito.',
      confirmMaintenance:
        'Ilagay sa maintenance ang kuwartong ito? Mawawalan ng bisa ang mga larong hindi pa nabubunot at ibabalik ang bayad sa mga kard, para sa bawat merchant.',
      cardsSold: '{{count}} kard (bilihan: {{bets}})',
      cards: 'Mga kard',
      cardPrice: 'Presyo ng kard ({{currency}})',
      maxCards: 'Pinakamaraming kard ng isang miyembro sa isang laro',
      schedule: 'Iskedyul',
      saleSeconds: 'Segundo ng bentahan',
      ballSeconds: 'Segundo sa pagitan ng mga bola',
      scheduleHelp:
        'Nagbabago lang ang bentahan at ang pagitan ng mga bola habang naka-maintenance: hindi gagalaw ang oras ng mga larong nagawa na, at magsisimula muli ang kuwarto sa bagong laro pagbalik nito. Ang presyo ng kard, pinakamaraming kard at mga premyo ay para sa susunod na larong hindi pa bukas.',
      prizes: 'Mga premyo (bahagi ng benta, sa %)',
      share: 'Bahagi ng {{pattern}} (%)',
      sharesTotal:
        'Ibinabalik bilang premyo: {{total}}% ng benta. Iwanang blangko ang pattern na hindi lalaruin.',
      invalid: 'Mag-type ng buong halaga, bilang ng kard o ng segundo.',
      invalidShares:
        'Isulat ang bawat bahagi bilang porsiyento na may hanggang isang decimal; kahit isang premyo, hanggang 100% lahat.',
    },
    rounds: {
      title: 'Mga round',
      intro:
        'Ang mga round ng bawat mesa, pinakabago muna, kasama ang taya ng merchant na ito sa bawat isa. Makikita ang seed ng round kapag nabigay na o nawalan ng bisa.',
      anyTable: 'Lahat ng mesa',
      anyStatus: 'Anumang katayuan',
      roundNo: 'Round',
      opensAt: 'Nagbukas',
      closesAt: 'Nagsara ang pagtaya',
      result: 'Resulta',
      empty: 'Walang katugmang round.',
      details: 'Detalye',
      open: 'Round {{round}} ng {{table}}: detalye',
      detailTitle: '{{table}} round {{round}}',
      betsOf: 'Mga taya ng merchant na ito sa round {{round}}',
      noBets: 'Walang taya ang merchant na ito sa round na ito.',
      member: 'Miyembro',
      spots: 'Mga puwesto',
      seedHash: 'Hash ng seed (itinakda bago ang pagtaya)',
      seed: 'Server seed',
      seedHidden: 'Makikita kapag nabigay na o nawalan ng bisa ang round',
    },
    report: {
      title: 'P&L ng live casino',
      intro:
        'Ayon sa araw ng round (sa time zone ng merchant na ito) at mesa, sa mga tapos nang taya ng merchant na ito. Hindi kasama ang mga ibinalik na taya.',
      day: 'Araw',
      empty: 'Walang tapos na taya sa mga araw na ito.',
      totals: 'Kabuuan',
    },
  },
};

/** English strings of the live casino back office (decision 054). */
export const enLive = {
  liveAdmin: {
    title: 'Live casino',
    intro:
      'The in-house live studio: its tables (shared by every merchant) with their limits, cycle and maintenance switch, the rounds with this merchant’s bets, and the live casino P&L.',
    sections: 'Live casino sections',
    tabs: { tables: 'Tables', rounds: 'Rounds', report: 'P&L', chat: 'Room chat' },
    table: 'Table',
    status: 'Status',
    bets: 'Bets',
    stake: 'Stake',
    returned: 'Returned',
    houseWin: 'House win',
    actions: 'Actions',
    close: 'Close',
    saved: 'Saved.',
    loading: 'Loading…',
    games: {
      baccarat: 'Baccarat',
      dragon_tiger: 'Dragon tiger',
      roulette: 'Roulette',
      sicbo: 'Sic bo',
      bingo75: 'Bingo 75',
      bingo90: 'Bingo 90',
    },
    roundStatus: { open: 'Open', drawing: 'Drawing', settled: 'Settled', void: 'Void' },
    betStatus: { open: 'Open', settled: 'Settled', refunded: 'Refunded' },
    winner: { player: 'Player', banker: 'Banker', tie: 'Tie' },
    spots: {
      player: 'Player',
      banker: 'Banker',
      tie: 'Tie',
      playerPair: 'Player pair',
      bankerPair: 'Banker pair',
    },
    tables: {
      title: 'Tables',
      intro:
        'Tables are the platform’s: a change here applies to the members of every merchant. Limits are per bet spot and round.',
      empty: 'There are no tables yet.',
      running: 'Running',
      underMaintenance: 'Under maintenance',
      summary:
        '{{game}} · bets {{min}} to {{max}} per spot · {{betting}} s betting, {{result}} s result · {{rounds}} rounds not dealt, {{bets}} bets waiting',
      maintenance: 'Under maintenance',
      maintenanceHelp:
        'No new rounds and no bets. Putting the table under maintenance voids its rounds not dealt yet and refunds every bet on them.',
      confirmMaintenance:
        'Put this table under maintenance? Its {{rounds}} rounds not dealt yet will be voided and their {{bets}} bets refunded, for every merchant.',
      limits: 'Limits per spot and round',
      minBet: 'Least bet',
      maxBet: 'Most bet',
      limitsHelp:
        'Typed and shown as this merchant’s members see them. The studio keeps one set of limits for every merchant, in steps of {{step}} in this currency.',
      cycle: 'Cycle',
      bettingSeconds: 'Betting seconds',
      resultSeconds: 'Result seconds',
      secondsRange: 'From {{min}} to {{max}} seconds.',
      cycleHelp:
        'The cycle changes only under maintenance: rounds already made keep their times, and the table starts again with a new round when it comes back.',
      invalid: 'Type a whole amount or number of seconds.',
      save: 'Save {{code}}',
    },
    rooms: {
      title: 'Bingo rooms',
      intro:
        'Rooms are the platform’s, like the tables: a change here applies to the members of every merchant trading in the room’s currency. A room has one currency (its card price, sales and prizes are in it) and only merchants of that currency offer it. Each merchant’s prizes are shares of its own members’ card sales.',
      empty: 'There are no bingo rooms yet.',
      games: { bingo75: '75-ball bingo', bingo90: '90-ball bingo' },
      patterns: {
        line: 'Line',
        twoLines: 'Two lines',
        fullHouse: 'Full house',
        fourCorners: 'Four corners',
        x: 'X',
        oneLine: 'One line',
      },
      summary:
        '{{game}} · card {{price}}, at most {{max}} a member · {{sale}} s of sale, a ball every {{ball}} s · {{share}}% of sales paid as prizes · {{games}} games not drawn, {{cards}} purchases waiting',
      maintenanceHelp:
        'No new games and no card sales. Putting the room under maintenance voids its games not drawn yet and refunds every card bought for them.',
      confirmMaintenance:
        'Put this room under maintenance? Its games not drawn yet will be voided and their cards refunded, for every merchant.',
      cardsSold: '{{count}} cards (purchases: {{bets}})',
      cards: 'Cards',
      cardPrice: 'Card price ({{currency}})',
      maxCards: 'Most cards a member holds in one game',
      schedule: 'Schedule',
      saleSeconds: 'Sale seconds',
      ballSeconds: 'Seconds between balls',
      scheduleHelp:
        'The sale and the ball interval change only under maintenance: games already made keep their times, and the room starts again with a new game when it comes back. The card price, most cards and prizes apply from the next game not opened yet.',
      prizes: 'Prizes (share of the sales, in %)',
      share: '{{pattern}} share (%)',
      sharesTotal: 'Paid back as prizes: {{total}}% of the sales. Leave a pattern blank to not play it.',
      invalid: 'Type a whole amount, a number of cards or of seconds.',
      invalidShares:
        'Type each share as a percent with at most one decimal; at least one prize, at most 100% in all.',
    },
    rounds: {
      title: 'Rounds',
      intro:
        'Every table’s rounds, newest first, with this merchant’s bets on each. A round’s seed is shown once it was dealt or voided.',
      anyTable: 'All tables',
      anyStatus: 'Any status',
      roundNo: 'Round',
      opensAt: 'Opened',
      closesAt: 'Betting closed',
      result: 'Result',
      empty: 'No rounds match.',
      details: 'Details',
      open: 'Round {{round}} of {{table}}: details',
      detailTitle: '{{table}} round {{round}}',
      betsOf: 'This merchant’s bets on round {{round}}',
      noBets: 'No bets of this merchant on this round.',
      member: 'Member',
      spots: 'Spots',
      seedHash: 'Seed hash (committed before betting)',
      seed: 'Server seed',
      seedHidden: 'Shown once the round is dealt or voided',
    },
    report: {
      title: 'Live casino P&L',
      intro:
        'By day of the round (in this merchant’s time zone) and table, over this merchant’s settled bets. Refunded bets are left out.',
      day: 'Day',
      empty: 'No settled bets in these days.',
      totals: 'Totals',
    },
  },
};

const merchantPath = (base: string) => (merchantCode?: string) =>
  merchantCode ? `${base}/${encodeURIComponent(merchantCode)}` : base;

/** Every back-office route, relative to the router's basename `/admin`. */
export const paths = {
  login: {
    path: '/login',
    href: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  },
  settings: { path: '/settings/:merchantCode?', href: merchantPath('/settings') },
  audit: { path: '/audit', href: () => '/audit' },
  account: { path: '/account', href: () => '/account' },
  operators: { path: '/operators', href: () => '/operators' },
  merchants: { path: '/merchants', href: () => '/merchants' },
  members: { path: '/members', href: () => '/members' },
  member: { path: '/members/:memberId', href: (id: number) => `/members/${id}` },
  registration: { path: '/registration/:merchantCode?', href: merchantPath('/registration') },
  outbox: { path: '/outbox', href: () => '/outbox' },
  content: {
    path: '/content/:merchantCode?/:tab?',
    href: (merchantCode?: string, tab?: string) =>
      merchantCode
        ? `/content/${encodeURIComponent(merchantCode)}${tab ? `/${encodeURIComponent(tab)}` : ''}`
        : '/content',
  },
  applications: { path: '/applications/:merchantCode?', href: merchantPath('/applications') },
  feedback: { path: '/feedback', href: () => '/feedback' },
  chat: { path: '/chat', href: () => '/chat' },
  games: {
    path: '/games/:merchantCode?/:tab?',
    href: (merchantCode?: string, tab?: string) =>
      merchantCode ? `/games/${encodeURIComponent(merchantCode)}${tab ? `/${tab}` : ''}` : '/games',
  },
  payments: { path: '/payments/:tab?', href: (tab?: string) => (tab ? `/payments/${tab}` : '/payments') },
  agents: {
    path: '/agents/:merchantCode?/:tab?',
    href: (merchantCode?: string, tab?: string) =>
      merchantCode ? `/agents/${encodeURIComponent(merchantCode)}${tab ? `/${tab}` : ''}` : '/agents',
  },
  promotions: {
    path: '/promotions/:merchantCode?/:tab?',
    href: (merchantCode?: string, tab?: string) =>
      merchantCode ? `/promotions/${encodeURIComponent(merchantCode)}${tab ? `/${tab}` : ''}` : '/promotions',
  },
  missions: {
    path: '/missions/:merchantCode?',
    href: (merchantCode?: string) =>
      merchantCode ? `/missions/${encodeURIComponent(merchantCode)}` : '/missions',
  },
  broadcasts: { path: '/broadcasts/:merchantCode?', href: merchantPath('/broadcasts') },
  saferGambling: { path: '/safer-gambling/:merchantCode?', href: merchantPath('/safer-gambling') },
  pointMall: {
    path: '/point-mall/:merchantCode?/:tab?',
    href: (merchantCode?: string, tab?: string) =>
      merchantCode ? `/point-mall/${encodeURIComponent(merchantCode)}${tab ? `/${tab}` : ''}` : '/point-mall',
  },
  verification: {
    path: '/verification/:documentId?',
    href: (documentId?: number) => (documentId ? `/verification/${documentId}` : '/verification'),
  },
  lottery: {
    path: '/lottery/:merchantCode?/:tab?',
    href: (merchantCode?: string, tab?: string) =>
      merchantCode ? `/lottery/${encodeURIComponent(merchantCode)}${tab ? `/${tab}` : ''}` : '/lottery',
  },
  fish: {
    path: '/fish/:merchantCode?/:tab?',
    href: (merchantCode?: string, tab?: string) =>
      merchantCode ? `/fish/${encodeURIComponent(merchantCode)}${tab ? `/${tab}` : ''}` : '/fish',
  },
  live: {
    path: '/live/:merchantCode?/:tab?',
    href: (merchantCode?: string, tab?: string) =>
      merchantCode ? `/live/${encodeURIComponent(merchantCode)}${tab ? `/${tab}` : ''}` : '/live',
  },
  pvp: {
    path: '/pvp/:merchantCode?/:tab?',
    href: (merchantCode?: string, tab?: string) =>
      merchantCode ? `/pvp/${encodeURIComponent(merchantCode)}${tab ? `/${tab}` : ''}` : '/pvp',
  },
  sportsTrading: {
    path: '/sports-trading/:merchantCode?/:tab?',
    href: (merchantCode?: string, tab?: string) =>
      merchantCode
        ? `/sports-trading/${encodeURIComponent(merchantCode)}${tab ? `/${tab}` : ''}`
        : '/sports-trading',
  },
} as const;

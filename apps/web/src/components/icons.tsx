import type { SVGProps } from 'react';

/** Line icons drawn on a 24 px grid; they take the text colour. Shipped inline: no icon font, no outside host. */
const shapes = {
  home: <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />,
  slots: (
    <>
      <rect x="3" y="5" width="15" height="15" rx="2" />
      <path d="M6 9h9v6H6zM10.5 9v6M18 11h2V6" />
      <circle cx="20" cy="4.8" r="1.2" />
    </>
  ),
  live: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="3" />
      <path d="M12 3.5V9M12 15v5.5M3.5 12H9M15 12h5.5M6 6l3 3M15 15l3 3M18 6l-3 3M9 15l-3 3" />
    </>
  ),
  fish: (
    <>
      <path d="M2.5 12c3-5 9.5-6.5 13.5-3l4.5-3v12L16 15c-4 3.5-10.5 2-13.5-3z" />
      <circle cx="8" cy="11" r="0.9" fill="currentColor" />
    </>
  ),
  bingo: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" />
      <path d="M3.5 9.2h17M3.5 14.8h17M9.2 3.5v17M14.8 3.5v17" />
      <circle cx="12" cy="12" r="1.3" fill="currentColor" />
    </>
  ),
  cards: (
    <>
      <rect x="3" y="6" width="11.5" height="15" rx="1.8" />
      <path d="M8 3h11a2 2 0 0 1 2 2v12.5" />
      <path d="M8.75 17.2l-2.3-2.4a1.4 1.4 0 0 1 2.3-1.6 1.4 1.4 0 0 1 2.3 1.6z" />
    </>
  ),
  sports: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8l3 2.2-1.1 3.5h-3.8L9 10.2zM12 8V3.5M15 10.2l4.1-1.6M13.9 13.7l2.7 3.6M10.1 13.7l-2.7 3.6M9 10.2L4.9 8.6" />
    </>
  ),
  esports: (
    <>
      <path d="M7 8h10a4 4 0 0 1 4 4v3a3 3 0 0 1-5.4 1.8L14 15h-4l-1.6 1.8A3 3 0 0 1 3 15v-3a4 4 0 0 1 4-4z" />
      <path d="M7.5 10.5v3.5M5.75 12.25h3.5" />
      <circle cx="15.5" cy="11.2" r="0.9" fill="currentColor" />
      <circle cx="17.5" cy="13.2" r="0.9" fill="currentColor" />
    </>
  ),
  lottery: (
    <>
      <circle cx="7.5" cy="15" r="4.5" />
      <circle cx="16.5" cy="15" r="4.5" />
      <circle cx="12" cy="7" r="4.5" />
      <path d="M12 5.5v3M6.5 14.2l1-0.7v3.2M15.5 14h2l-2 2.8" />
    </>
  ),
  gift: (
    <>
      <path d="M4.5 11h15v9.5h-15zM3 7.5h18V11H3zM12 7.5v13" />
      <path d="M12 7.5C10.5 4 7 4 7 6s3 1.5 5 1.5zm0 0C13.5 4 17 4 17 6s-3 1.5-5 1.5z" />
    </>
  ),
  download: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.2" />
      <path d="M12 6.5v7M9 10.8l3 3 3-3M10.8 18.5h2.4" />
    </>
  ),
  bag: <path d="M5 8h14l-1.1 12.2a1 1 0 0 1-1 .8H7.1a1 1 0 0 1-1-.8zM9 8V6.5a3 3 0 0 1 6 0V8" />,
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.6 2.2c-.7.4-1.1 1-1.1 1.8v.5" />
      <circle cx="12" cy="17" r="0.6" fill="currentColor" />
    </>
  ),
  megaphone: (
    <path d="M3.5 10v4a1 1 0 0 0 1 1h2.5l5.5 4.5v-15L7 9H4.5a1 1 0 0 0-1 1zM16 9.2a4 4 0 0 1 0 5.6M18.6 6.6a7.6 7.6 0 0 1 0 10.8" />
  ),
  headset: (
    <path d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1zM17 19a4 4 0 0 1-4 2.5h-1.5" />
  ),
  chat: <path d="M4 5h16v11H9l-5 4z M8 9.5h8M8 12.5h5" />,
  vip: <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />,
  telegram: <path d="M21 4L2.8 11.2l6 2.1 2.2 6.2 3.2-3.9 5 3.9zM8.8 13.3l8.4-6.1" />,
  facebook: <path d="M14 8.5h3V4.5h-3a4 4 0 0 0-4 4V11H7.5v4H10v6h4v-6h2.8l.7-4H14z" />,
  twitter: <path d="M4 4h4.6l11.4 16h-4.6zM19.5 4l-6.6 7.2M4.5 20l6.6-7.2" />,
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.8" fill="currentColor" />
    </>
  ),
  youtube: (
    <>
      <rect x="2.5" y="6" width="19" height="12.5" rx="4" />
      <path d="M10 9.6v5.2l4.5-2.6z" />
    </>
  ),
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M4.6 4.6L6 6M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4L6 18M18 6l1.4-1.4" />
    </>
  ),
  moon: <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9M12 3C9.5 5.6 8.4 8.6 8.4 12s1.1 6.4 3.6 9" />
    </>
  ),
  chevronDown: <path d="M6 9l6 6 6-6" />,
  chevronRight: <path d="M9 6l6 6-6 6" />,
  arrowUp: <path d="M12 19V5M5.5 11.5L12 5l6.5 6.5" />,
  shield: <path d="M12 3l8 3v6c0 5-3.4 8-8 9-4.6-1-8-4-8-9V6zM8.8 12l2.2 2.2 4.2-4.4" />,
  bolt: <path d="M13 2.5L4.5 13.5H11l-1 8 8.5-11H12z" />,
  devices: (
    <>
      <rect x="2.5" y="4.5" width="14" height="10" rx="1.5" />
      <path d="M6.5 18.5h6M9.5 14.5v4" />
      <rect x="16.5" y="9" width="5" height="10.5" rx="1.2" />
    </>
  ),
  people: (
    <>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 20a6 6 0 0 1 12 0" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M15.5 14.2A5 5 0 0 1 21 19" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="15" r="4.5" />
      <path d="M11.2 11.8L20 3M16.5 6.5l2.5 2.5M14 9l2 2" />
    </>
  ),
  star: <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3l-5.5 2.9 1-6.2L3 9.6l6.2-.9z" />,
  compass: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" />
    </>
  ),
  wallet: (
    <>
      <path d="M4 7.5h15a1.5 1.5 0 0 1 1.5 1.5v9.5A1.5 1.5 0 0 1 19 20H5a1.5 1.5 0 0 1-1.5-1.5V6A2 2 0 0 1 5.5 4H17v3.5" />
      <circle cx="16.5" cy="13.8" r="1.2" fill="currentColor" />
    </>
  ),
  screen: (
    <>
      <rect x="2.5" y="4" width="19" height="13" rx="2" />
      <path d="M8 21h8M12 17v4M10 8.2v5.6l4.6-2.8z" />
    </>
  ),
  ticket: (
    <path d="M3 7.5A1.5 1.5 0 0 1 4.5 6h15A1.5 1.5 0 0 1 21 7.5V10a2 2 0 0 0 0 4v2.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 16.5V14a2 2 0 0 0 0-4zM14.5 6v12" />
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </>
  ),
  tools: (
    <path d="M15.5 3.5a5 5 0 0 0-4.7 6.7l-6.6 6.6a2 2 0 0 0 2.9 2.9l6.6-6.6a5 5 0 0 0 6.7-4.7l-3 3-2.6-.4-.4-2.6z" />
  ),
  lock: (
    <>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
    </>
  ),
  eye: (
    <>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  eyeOff: (
    <path d="M4 4l16 16M10.6 6.1A9.6 9.6 0 0 1 12 6c6 0 9.5 6 9.5 6a16 16 0 0 1-3 3.6M6.6 7.7A16 16 0 0 0 2.5 12s3.5 6 9.5 6a9 9 0 0 0 4.3-1.1M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  ),
  refresh: <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16M20 20v-4h-4" />,
  logout: <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 16l-4-4 4-4M6 12h10" />,
  mail: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3.5 7l8.5 6 8.5-6" />
    </>
  ),
  chart: <path d="M4 20V10M10 20V4M16 20v-7M21 20H3" />,
  list: <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />,
  trophy: (
    <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H4.5v1.5A3.5 3.5 0 0 0 8 11M16 6h3.5v1.5A3.5 3.5 0 0 1 16 11M12 13v4M8.5 20h7M9.5 17h5v3h-5z" />
  ),
  arrowDown: <path d="M12 4v15M6 13l6 6 6-6" />,
  swap: <path d="M4 8h14l-3.5-3.5M20 16H6l3.5 3.5" />,
  plus: <path d="M12 5v14M5 12h14" />,
} as const;

export type IconName = keyof typeof shapes;

type IconProps = Omit<SVGProps<SVGSVGElement>, 'name'> & { name: IconName; size?: number };

/** A decorative icon: hidden from assistive technology, so the control around it must carry the name. */
export function Icon({ name, size = 20, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {shapes[name]}
    </svg>
  );
}

/** The icon drawn inside a larger picture (illustrations reuse the same shapes). */
export function iconShape(name: IconName) {
  return shapes[name];
}

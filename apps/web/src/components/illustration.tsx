import { type IconName, iconShape } from './icons.tsx';

/**
 * The picture of an empty state: the page's icon on a raised card over a soft brand-coloured backdrop, with coins
 * and sparkles in the accent colour. Drawn from the theme tokens, so it follows light/dark and the merchant's brand.
 */
export function Illustration({ icon, size = 200 }: { icon: IconName; size?: number }) {
  return (
    <svg
      className="illustration"
      width={size}
      height={(size * 3) / 4}
      viewBox="0 0 200 150"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="100" cy="136" rx="62" ry="7" className="illustration__shadow" />
      <circle cx="100" cy="72" r="62" className="illustration__backdrop" />
      <circle cx="38" cy="30" r="7" className="illustration__coin" />
      <circle cx="38" cy="30" r="3.2" className="illustration__coin-face" />
      <circle cx="166" cy="104" r="9" className="illustration__coin" />
      <circle cx="166" cy="104" r="4" className="illustration__coin-face" />
      <path
        d="M160 26l2.4 6.2 6.2 2.4-6.2 2.4-2.4 6.2-2.4-6.2-6.2-2.4 6.2-2.4z"
        className="illustration__spark"
      />
      <path d="M30 96l1.6 4 4 1.6-4 1.6-1.6 4-1.6-4-4-1.6 4-1.6z" className="illustration__spark" />
      <g transform="rotate(-6 100 74)">
        <rect x="60" y="32" width="80" height="84" rx="16" className="illustration__card" />
        <rect x="60" y="32" width="80" height="14" rx="7" className="illustration__card-band" />
      </g>
      <g
        transform="translate(70 48) scale(2.5)"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.4}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="illustration__icon"
      >
        {iconShape(icon)}
      </g>
    </svg>
  );
}

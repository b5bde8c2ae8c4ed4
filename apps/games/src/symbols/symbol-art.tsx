import type { ReactNode } from 'react';

/**
 * The studio's symbol drawings, inline SVG on a 100×100 box (no image is fetched from anywhere). Titles refer to
 * them by `art` id in their configuration.
 */
const stroke = { stroke: '#1f2937', strokeWidth: 3, strokeLinejoin: 'round' as const };

function card(label: string, colour: string): ReactNode {
  return (
    <>
      <rect x="18" y="10" width="64" height="80" rx="10" fill="#f8fafc" {...stroke} />
      <text
        x="50"
        y="66"
        textAnchor="middle"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontWeight="700"
        fontSize={label.length > 1 ? 38 : 48}
        fill={colour}
      >
        {label}
      </text>
    </>
  );
}

const arts: Record<string, ReactNode> = {
  sun: (
    <>
      {Array.from({ length: 12 }, (_, i) => (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative rays
          key={i}
          d="M50 4 L56 20 L44 20 Z"
          fill="#f59e0b"
          transform={`rotate(${i * 30} 50 50)`}
        />
      ))}
      <circle cx="50" cy="50" r="27" fill="#fbbf24" {...stroke} />
      <text
        x="50"
        y="56"
        textAnchor="middle"
        fontSize="15"
        fontWeight="800"
        fill="#7c2d12"
        fontFamily="system-ui"
      >
        WILD
      </text>
    </>
  ),
  star: (
    <>
      <circle cx="50" cy="50" r="44" fill="#7c3aed" />
      <path
        d="M50 12 L60 38 L88 38 L65 55 L74 83 L50 66 L26 83 L35 55 L12 38 L40 38 Z"
        fill="#fde047"
        {...stroke}
      />
    </>
  ),
  seven: (
    <>
      <rect x="10" y="10" width="80" height="80" rx="14" fill="#fee2e2" />
      <path d="M26 24 H76 L50 84 H34 L56 36 H26 Z" fill="#dc2626" {...stroke} />
    </>
  ),
  bell: (
    <>
      <path
        d="M50 12 C30 12 26 34 26 52 C26 62 18 68 16 74 H84 C82 68 74 62 74 52 C74 34 70 12 50 12 Z"
        fill="#facc15"
        {...stroke}
      />
      <circle cx="50" cy="82" r="8" fill="#ca8a04" {...stroke} />
      <path
        d="M38 28 C34 34 33 42 33 50"
        stroke="#fef9c3"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  mango: (
    <>
      <path
        d="M30 30 C48 10 86 26 80 58 C76 84 44 92 28 76 C14 62 18 42 30 30 Z"
        fill="#fb923c"
        {...stroke}
      />
      <path
        d="M30 30 C44 26 60 34 62 44"
        stroke="#fdba74"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M52 16 C58 4 74 6 80 12 C70 16 62 18 52 16 Z" fill="#16a34a" {...stroke} />
    </>
  ),
  pineapple: (
    <>
      <path d="M50 40 L36 8 L50 22 L64 8 Z" fill="#16a34a" {...stroke} />
      <ellipse cx="50" cy="64" rx="24" ry="30" fill="#f59e0b" {...stroke} />
      <path
        d="M32 50 L68 80 M68 50 L32 80 M30 64 L50 46 L70 64 M30 66 L50 86 L70 66"
        stroke="#92400e"
        strokeWidth="2.5"
        fill="none"
      />
    </>
  ),
  grapes: (
    <>
      <path d="M50 18 L54 6" stroke="#166534" strokeWidth="5" strokeLinecap="round" />
      {[
        [38, 28],
        [62, 28],
        [50, 30],
        [30, 46],
        [50, 48],
        [70, 46],
        [40, 64],
        [60, 64],
        [50, 80],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="12" fill="#7e22ce" {...stroke} />
      ))}
    </>
  ),
  cherry: (
    <>
      <path
        d="M34 66 C38 40 50 24 70 12 M66 62 C64 40 66 26 70 12"
        stroke="#15803d"
        strokeWidth="4"
        fill="none"
      />
      <circle cx="32" cy="70" r="17" fill="#e11d48" {...stroke} />
      <circle cx="66" cy="68" r="17" fill="#be123c" {...stroke} />
      <circle cx="26" cy="64" r="4" fill="#fecdd3" />
    </>
  ),
  calamansi: (
    <>
      <circle cx="50" cy="54" r="32" fill="#84cc16" {...stroke} />
      <circle cx="50" cy="54" r="22" fill="#fde68a" stroke="#65a30d" strokeWidth="3" />
      {Array.from({ length: 8 }, (_, i) => (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed segments
          key={i}
          d="M50 54 L50 34"
          stroke="#65a30d"
          strokeWidth="2.5"
          transform={`rotate(${i * 45} 50 54)`}
        />
      ))}
      <path d="M50 22 C56 12 66 12 70 16 C62 20 56 22 50 22 Z" fill="#15803d" {...stroke} />
    </>
  ),
  pearl: (
    <>
      <path d="M10 70 C20 40 80 40 90 70 C80 86 20 86 10 70 Z" fill="#f9a8d4" {...stroke} />
      <circle cx="50" cy="52" r="22" fill="#f8fafc" {...stroke} />
      <circle cx="42" cy="44" r="6" fill="#ffffff" />
      <text
        x="50"
        y="95"
        textAnchor="middle"
        fontSize="14"
        fontWeight="800"
        fill="#831843"
        fontFamily="system-ui"
      >
        WILD
      </text>
    </>
  ),
  chest: (
    <>
      <rect x="14" y="44" width="72" height="42" rx="6" fill="#a16207" {...stroke} />
      <path d="M14 44 C14 20 86 20 86 44 Z" fill="#ca8a04" {...stroke} />
      <rect x="42" y="40" width="16" height="20" rx="3" fill="#fde047" {...stroke} />
      <circle cx="30" cy="30" r="5" fill="#fef08a" />
    </>
  ),
  anchor: (
    <>
      <circle cx="50" cy="18" r="9" fill="none" stroke="#1e3a8a" strokeWidth="6" />
      <path
        d="M50 27 V84 M32 40 H68 M18 62 C22 82 40 86 50 86 C60 86 78 82 82 62"
        stroke="#1e3a8a"
        strokeWidth="7"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  fish: (
    <>
      <path d="M14 50 C30 22 64 22 78 50 C64 78 30 78 14 50 Z" fill="#fbbf24" {...stroke} />
      <path d="M76 50 L94 32 L94 68 Z" fill="#f97316" {...stroke} />
      <path d="M36 34 V66 M50 30 V70" stroke="#0369a1" strokeWidth="6" />
      <circle cx="26" cy="46" r="4" fill="#1f2937" />
    </>
  ),
  starfish: (
    <path
      d="M50 8 C56 30 58 36 90 38 C66 52 64 58 74 90 C54 72 46 72 26 90 C36 58 34 52 10 38 C42 36 44 30 50 8 Z"
      fill="#fb7185"
      {...stroke}
    />
  ),
  shell: (
    <>
      <path d="M50 86 L14 42 C24 14 76 14 86 42 Z" fill="#fed7aa" {...stroke} />
      {[-30, -15, 0, 15, 30].map((angle) => (
        <path
          key={angle}
          d="M50 86 L50 24"
          stroke="#c2410c"
          strokeWidth="3"
          transform={`rotate(${angle} 50 86)`}
        />
      ))}
    </>
  ),
  'card-a': card('A', '#b91c1c'),
  'card-k': card('K', '#1d4ed8'),
  'card-q': card('Q', '#7e22ce'),
  'card-j': card('J', '#047857'),
  'card-10': card('10', '#c2410c'),
  coin: (
    <>
      <circle cx="50" cy="50" r="42" fill="#eab308" {...stroke} />
      <circle cx="50" cy="50" r="32" fill="#facc15" stroke="#a16207" strokeWidth="3" />
      <text
        x="50"
        y="58"
        textAnchor="middle"
        fontSize="20"
        fontWeight="800"
        fill="#713f12"
        fontFamily="system-ui"
      >
        WILD
      </text>
    </>
  ),
  gong: (
    <>
      <path d="M14 14 H86 M22 14 V90 M78 14 V90" stroke="#7c2d12" strokeWidth="6" strokeLinecap="round" />
      <circle cx="50" cy="52" r="24" fill="#f59e0b" {...stroke} />
      <circle cx="50" cy="52" r="9" fill="#fcd34d" stroke="#92400e" strokeWidth="3" />
      <path d="M50 14 V28" stroke="#7c2d12" strokeWidth="3" />
    </>
  ),
  crown: (
    <>
      <path d="M14 74 L18 28 L36 50 L50 20 L64 50 L82 28 L86 74 Z" fill="#facc15" {...stroke} />
      <rect x="14" y="74" width="72" height="12" rx="3" fill="#ca8a04" {...stroke} />
      <circle cx="50" cy="58" r="6" fill="#dc2626" />
    </>
  ),
  gem: (
    <>
      <path d="M28 18 H72 L90 40 L50 88 L10 40 Z" fill="#22d3ee" {...stroke} />
      <path
        d="M10 40 H90 M28 18 L40 40 L50 88 M72 18 L60 40 L50 88 M40 40 L50 18 L60 40"
        stroke="#0e7490"
        strokeWidth="2.5"
        fill="none"
      />
    </>
  ),
  goldbar: (
    <>
      <path d="M10 72 L24 40 H76 L90 72 Z" fill="#eab308" {...stroke} />
      <path d="M24 40 L32 24 H68 L76 40 Z" fill="#fde047" {...stroke} />
      <path d="M36 58 H64" stroke="#a16207" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
};

/** One symbol as an image with an accessible name. */
export function SymbolArt({ art, label, className }: { art: string; label: string; className?: string }) {
  return (
    <svg viewBox="0 0 100 100" role="img" aria-label={label} className={className}>
      {arts[art] ?? card('?', '#475569')}
    </svg>
  );
}

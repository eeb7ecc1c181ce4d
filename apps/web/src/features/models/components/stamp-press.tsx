import { useReducedMotion } from '../hooks/use-reduced-motion';

/**
 * The retraining animation, drawn for the project: an archive sheet whose lines are typed in
 * while a rubber stamp comes down and leaves the red seal of the Dwitunggal. SMIL animations
 * (no stylesheet, no media files); with prefers-reduced-motion the finished sheet stands still.
 */
export function StampPress({ className }: { className?: string }) {
  const still = useReducedMotion();
  const lines = [
    { y: 44, w: 96 },
    { y: 56, w: 84 },
    { y: 68, w: 100 },
    { y: 80, w: 70 },
    { y: 92, w: 90 },
    { y: 104, w: 56 },
  ];
  const cycle = '3.2s';
  return (
    <svg
      viewBox="0 -20 200 170"
      className={className}
      role="img"
      aria-label="Ilustrasi: lembar arsip diketik lalu dicap"
      data-motion={still ? 'still' : 'animated'}
    >
      {/* Desk shadow and the sheet. */}
      <ellipse cx="100" cy="140" rx="70" ry="5" fill="#33281e" opacity="0.12" />
      <g transform="rotate(-3 100 80)">
        <rect
          x="42"
          y="18"
          width="116"
          height="118"
          rx="3"
          fill="#fbf7f0"
          stroke="#cbb088"
          strokeWidth="1.5"
        />
        <rect x="42" y="18" width="116" height="6" fill="#b01e1e" />
        <rect
          x="42"
          y="24"
          width="116"
          height="4"
          fill="#ffffff"
          stroke="#ecdfc9"
          strokeWidth="0.5"
        />
        <text
          x="54"
          y="38"
          fontSize="6.5"
          fontFamily="Georgia, serif"
          fontWeight="700"
          fill="#4a3a2b"
        >
          ARSIP MODEL TFJS
        </text>
        {lines.map((line, i) => (
          <rect
            key={line.y}
            x="54"
            y={line.y}
            height="3.2"
            rx="1.6"
            fill="#94795c"
            width={still ? line.w : 0}
          >
            {!still && (
              <animate
                attributeName="width"
                values={`0;0;${line.w};${line.w};0`}
                keyTimes={`0;${(i * 0.1).toFixed(2)};${(i * 0.1 + 0.12).toFixed(2)};0.92;1`}
                dur={cycle}
                repeatCount="indefinite"
              />
            )}
          </rect>
        ))}
        {/* The seal the stamp leaves. */}
        <g opacity={still ? 0.9 : 0} transform="rotate(-12 128 112)">
          <circle cx="128" cy="112" r="17" fill="none" stroke="#b01e1e" strokeWidth="2.2" />
          <circle cx="128" cy="112" r="13" fill="none" stroke="#b01e1e" strokeWidth="0.8" />
          <path
            d="M128 103.5l2.4 5 5.4.6-4 3.7 1.1 5.3-4.9-2.7-4.9 2.7 1.1-5.3-4-3.7 5.4-.6z"
            fill="#b01e1e"
          />
          {!still && (
            <animate
              attributeName="opacity"
              values="0;0;0.9;0.9;0"
              keyTimes="0;0.7;0.74;0.95;1"
              dur={cycle}
              repeatCount="indefinite"
            />
          )}
        </g>
      </g>
      {/* The stamp: a wooden handle over a red rubber block. */}
      <g transform={still ? 'translate(0 -90)' : undefined}>
        {!still && (
          <animateTransform
            attributeName="transform"
            type="translate"
            values="0 -90;0 -90;0 0;0 0;0 -90;0 -90"
            keyTimes="0;0.62;0.71;0.76;0.86;1"
            dur={cycle}
            repeatCount="indefinite"
          />
        )}
        <rect x="121" y="76" width="14" height="20" rx="7" fill="#7a6148" />
        <rect x="124" y="92" width="8" height="8" fill="#5e4a37" />
        <rect x="110" y="99" width="36" height="8" rx="2" fill="#4a3a2b" />
        <rect x="112" y="107" width="32" height="4" rx="1" fill="#b01e1e" />
      </g>
    </svg>
  );
}

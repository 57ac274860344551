/** A delivery truck that reached a dead-end sign: the not-found illustration. */
export function NotFoundIllustration() {
  return (
    <svg
      width="320"
      height="200"
      viewBox="0 0 320 200"
      role="img"
      aria-label="A truck stopped at a dead-end sign"
    >
      <ellipse cx="160" cy="112" rx="150" ry="84" fill="#fff3bf" />
      <path
        d="M16 176 C 90 150, 150 150, 230 162 S 292 170, 300 168"
        stroke="#ced4da"
        strokeWidth="22"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M28 171 C 90 150, 150 151, 230 162 S 286 169, 292 168"
        stroke="#ffffff"
        strokeWidth="2.5"
        strokeDasharray="10 9"
        fill="none"
      />
      {/* sign post */}
      <rect x="243" y="66" width="6" height="96" rx="2" fill="#495057" />
      <g transform="rotate(45 246 62)">
        <rect x="216" y="32" width="60" height="60" rx="8" fill="#fab005" stroke="#141e2f" strokeWidth="4" />
      </g>
      <text
        x="246"
        y="70"
        textAnchor="middle"
        fontFamily="Inter, system-ui, sans-serif"
        fontWeight="800"
        fontSize="22"
        fill="#141e2f"
      >
        404
      </text>
      {/* truck */}
      <g transform="translate(58 104)">
        <rect x="0" y="0" width="74" height="40" rx="3" fill="#141e2f" />
        <path d="M10 12h40M10 20h52M10 28h32" stroke="#fab005" strokeWidth="3" strokeLinecap="round" />
        <path d="M76 10h20a5 5 0 0 1 4.2 2.3l10 15.5a6 6 0 0 1 .8 3V44H76z" fill="#fab005" />
        <path d="M82 15h13l7 11H82z" fill="#141e2f" />
        <rect x="-3" y="42" width="117" height="5" rx="2.5" fill="#141e2f" />
        <circle cx="18" cy="50" r="8" fill="#141e2f" stroke="#fff" strokeWidth="3" />
        <circle cx="92" cy="50" r="8" fill="#141e2f" stroke="#fff" strokeWidth="3" />
      </g>
      {/* question marks drifting from the cab */}
      <text
        x="176"
        y="92"
        fontFamily="Inter, system-ui, sans-serif"
        fontWeight="700"
        fontSize="20"
        fill="#868e96"
      >
        ?
      </text>
      <text
        x="192"
        y="74"
        fontFamily="Inter, system-ui, sans-serif"
        fontWeight="700"
        fontSize="14"
        fill="#adb5bd"
      >
        ?
      </text>
    </svg>
  );
}

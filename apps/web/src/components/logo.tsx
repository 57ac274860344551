export type LogoProps = {
  /** Rendered height in px; the width follows. */
  height?: number;
  /** Colour of the words; the mark keeps its own colours. */
  textColor?: string;
  /** The mark alone (narrow spaces). */
  markOnly?: boolean;
};

/** The Freight Finance mark: a truck whose cargo box is a ledger page, then the product name. */
export function Logo({ height = 36, textColor = '#141e2f', markOnly = false }: LogoProps) {
  const width = markOnly ? height : (height * 206) / 40;
  return (
    <svg
      role="img"
      aria-label="Freight Finance"
      width={width}
      height={height}
      viewBox={markOnly ? '0 0 40 40' : '0 0 206 40'}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width="40" height="40" rx="9" fill="#141e2f" />
      {/* cargo box drawn as a ledger page */}
      <rect x="6" y="10" width="18" height="14" rx="1.5" fill="#fab005" />
      <path d="M9 14h12M9 17.5h12M9 21h8" stroke="#141e2f" strokeWidth="1.4" strokeLinecap="round" />
      {/* cab */}
      <path d="M25 14h5.2a2 2 0 0 1 1.7.95l2.6 4.3a2 2 0 0 1 .3 1.05V24H25z" fill="#fab005" />
      <path d="M27 16h3.1l1.9 3.2H27z" fill="#141e2f" />
      <rect x="5" y="24.5" width="30" height="2.2" rx="1.1" fill="#fab005" />
      <circle cx="12" cy="28.5" r="3.6" fill="#141e2f" stroke="#ffffff" strokeWidth="1.8" />
      <circle cx="28.5" cy="28.5" r="3.6" fill="#141e2f" stroke="#ffffff" strokeWidth="1.8" />
      {!markOnly && (
        <text
          x="50"
          y="27"
          fill={textColor}
          fontFamily="Inter, 'Segoe UI', system-ui, -apple-system, Roboto, Arial, sans-serif"
          fontSize="19"
          letterSpacing="-0.2"
        >
          <tspan fontWeight="800">Freight</tspan>
          <tspan fontWeight="500"> Finance</tspan>
        </text>
      )}
    </svg>
  );
}

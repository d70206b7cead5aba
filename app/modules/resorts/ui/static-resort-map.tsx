import { type Neighbour, type Place, placeLabels, project, scaleBar } from "../resort-map";

/** Two drawings, each shown at about its own width so its text stays readable (as the listing's price chart). */
const SIZES = [
  { key: "narrow", W: 340, H: 300, className: "sm:hidden" },
  { key: "wide", W: 640, H: 400, className: "hidden sm:block" },
] as const;
const PAD = 36;

/**
 * The map tab's static map (issue 31, decision 0074): the resort and the resorts of its area drawn from their
 * coordinates as server-rendered SVG, north up, with a scale bar. It needs no tiles and no network. The dots are
 * labelled by resort code where the label fits; the list beside it names every place with its distance.
 */
export function StaticResortMap({ here, neighbours }: { here: Place; neighbours: Neighbour[] }) {
  return (
    <>
      {SIZES.map((s) => (
        <MapSvg key={s.key} size={s} here={here} neighbours={neighbours} />
      ))}
    </>
  );
}

function MapSvg({ size, here, neighbours }: { size: (typeof SIZES)[number]; here: Place; neighbours: Neighbour[] }) {
  const { W, H } = size;
  const { points, kmPerPx } = project([here, ...neighbours], W, H, PAD);
  const labels = placeLabels(
    points.map((p, i) => ({ x: p.x, y: p.y, text: i === 0 ? here.code : p.code })),
    W,
    H - 24,
  );
  const bar = scaleBar(kmPerPx, W / 4);
  const title =
    neighbours.length === 0
      ? `Map: where ${here.name} is. No other DVC resort is within 30 km.`
      : `Map: ${here.name} and the ${neighbours.length} other DVC ${neighbours.length === 1 ? "resort" : "resorts"} within 30 km, north up.`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      className={`${size.className} h-auto rounded-lg border border-slate-200 bg-sky-50`}
      role="img"
      aria-label={title}
      data-testid={`static-map-${size.key}`}
    >
      <defs>
        <pattern id={`grid-${size.key}`} width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#e0f2fe" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width={W} height={H} fill={`url(#grid-${size.key})`} />
      {/* North arrow */}
      <g transform={`translate(${W - 24}, 30)`} fill="#334155" fontSize="12" fontFamily="system-ui, sans-serif">
        <path d="M 0 -14 L 6 4 L 0 0 L -6 4 Z" />
        <text x="0" y="18" textAnchor="middle">
          N
        </text>
      </g>
      {points
        .slice(1)
        .map((p, i) => ({ p, label: labels[i + 1] }))
        .map(({ p, label }) => (
          <g key={p.code}>
            <circle cx={p.x} cy={p.y} r="5" fill="#0369a1" stroke="#fff" strokeWidth="1.5" />
            {label ? (
              <text
                x={label.x}
                y={label.y}
                textAnchor={label.anchor}
                fontSize="12"
                fontFamily="system-ui, sans-serif"
                fill="#0c4a6e"
              >
                {p.code}
              </text>
            ) : null}
          </g>
        ))}
      <g>
        <circle cx={points[0].x} cy={points[0].y} r="8" fill="#c2410c" stroke="#fff" strokeWidth="2" />
        {labels[0] ? (
          <text
            x={labels[0].x}
            y={labels[0].y}
            textAnchor={labels[0].anchor}
            fontSize="13"
            fontWeight="700"
            fontFamily="system-ui, sans-serif"
            fill="#7c2d12"
          >
            {here.code}
          </text>
        ) : null}
      </g>
      {/* Scale bar */}
      <g transform={`translate(12, ${H - 14})`} fontSize="12" fontFamily="system-ui, sans-serif" fill="#334155">
        <path d={`M 0 -6 V 0 H ${bar.px} V -6`} fill="none" stroke="#334155" strokeWidth="1.5" />
        <text x={bar.px + 6} y="0">
          {bar.km} km
        </text>
      </g>
    </svg>
  );
}

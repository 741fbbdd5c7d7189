import { useMemo } from "react";
import { encode } from "uqr";

/** A QR code drawn as one SVG path (uqr encodes; no HTML is injected). */
export function QrCode({
  value,
  label,
  size = 176,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: "M", border: 0 });
    let d = "";
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x + 4} ${y + 4}h1v1h-1z`;
      });
    });
    return { path: d, modules: qr.size + 8 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="rounded-lg border border-slate-200 bg-white"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}

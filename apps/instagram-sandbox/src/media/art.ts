import { createRng, type Rng } from "../core/prng.ts";

/**
 * Deterministic SVG artwork for the sandbox CDN: soft-focus still lifes that read like product
 * photos at thumbnail size. Same id → same picture.
 */
export type ArtStyle = "ceramics" | "coffee" | "bakery" | "lifestyle";

function mix(hexA: string, hexB: string, t: number): string {
  const a = Number.parseInt(hexA.slice(1), 16);
  const b = Number.parseInt(hexB.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((a >> shift) & 255) * (1 - t) + ((b >> shift) & 255) * t);
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, "0")}`;
}

function vessel(
  rng: Rng,
  x: number,
  baseY: number,
  size: number,
  color: string,
  id: string,
): string {
  const width = size * rng.float(0.55, 0.9);
  const height = size * rng.float(0.7, 1.25);
  const neck = width * rng.float(0.55, 1);
  const left = x - width / 2;
  const top = baseY - height;
  const path = `M${x - neck / 2},${top} C${left - width * 0.15},${top + height * 0.35} ${left},${baseY - height * 0.1} ${x - width * 0.35},${baseY} L${x + width * 0.35},${baseY} C${x + width / 2},${baseY - height * 0.1} ${x + width / 2 + width * 0.15},${top + height * 0.35} ${x + neck / 2},${top} Z`;
  return `<g><ellipse cx="${x}" cy="${baseY}" rx="${width * 0.55}" ry="${width * 0.08}" fill="#000" opacity="0.18" filter="url(#soft-${id})"/><path d="${path}" fill="${color}"/><path d="${path}" fill="url(#shade-${id})"/><ellipse cx="${x}" cy="${top}" rx="${neck / 2}" ry="${neck * 0.12}" fill="${mix(color, "#000000", 0.35)}"/></g>`;
}

function latte(rng: Rng, x: number, y: number, radius: number, palette: readonly string[]): string {
  const crema = mix(palette[1] ?? "#d9c2a7", "#c58b5a", 0.5);
  const rings = Array.from({ length: rng.int(4, 7) }, (_, index) => {
    const r = radius * 0.62 * (1 - index / 8);
    return `<ellipse cx="${x + index * radius * 0.025}" cy="${y - index * radius * 0.04}" rx="${r * 0.7}" ry="${r}" fill="none" stroke="#f6efe6" stroke-width="${radius * 0.035}" opacity="0.85"/>`;
  }).join("");
  return `<g><circle cx="${x}" cy="${y}" r="${radius * 1.18}" fill="${palette[4] ?? "#f2e6d6"}"/><circle cx="${x}" cy="${y}" r="${radius * 0.82}" fill="${crema}"/>${rings}<circle cx="${x}" cy="${y}" r="${radius * 0.82}" fill="url(#glow-shared)" opacity="0.5"/></g>`;
}

export function renderArt(options: {
  id: string;
  width: number;
  height: number;
  palette: readonly string[];
  style: ArtStyle;
}): string {
  const { id, width: w, height: h, palette } = options;
  const rng = createRng("art", id);
  const colors = rng.shuffle(palette);
  const c = (index: number) => colors[index % colors.length] ?? "#cccccc";
  const angle = rng.int(0, 359);
  const uid = id.replace(/[^A-Za-z0-9]/g, "").slice(-8) || "a";
  const blobs = Array.from({ length: rng.int(3, 5) }, (_, index) => {
    const r = Math.max(w, h) * rng.float(0.18, 0.45);
    return `<circle cx="${rng.float(0, w).toFixed(0)}" cy="${rng.float(0, h).toFixed(0)}" r="${r.toFixed(0)}" fill="${c(index + 2)}" opacity="${rng.float(0.35, 0.75).toFixed(2)}"/>`;
  }).join("");
  let subject = "";
  const tableY = h * rng.float(0.62, 0.78);
  if (options.style === "ceramics" || options.style === "bakery") {
    const count = options.style === "bakery" ? 1 : rng.int(1, 3);
    const size = Math.min(w, h) * (count === 1 ? 0.5 : 0.36);
    const items = Array.from({ length: count }, (_, index) => {
      const x = w * ((index + 1) / (count + 1)) + rng.float(-w * 0.05, w * 0.05);
      if (options.style === "bakery") {
        return `<ellipse cx="${x}" cy="${tableY - size * 0.22}" rx="${size * 0.75}" ry="${size * 0.38}" fill="${c(1)}"/><path d="M${x - size * 0.4},${tableY - size * 0.35} q${size * 0.4},-${size * 0.25} ${size * 0.8},0" stroke="${mix(c(1), "#ffffff", 0.5)}" stroke-width="${size * 0.05}" fill="none"/>`;
      }
      return vessel(rng, x, tableY + size * 0.05, size * rng.float(0.85, 1.1), c(index + 1), uid);
    }).join("");
    subject = `<rect x="0" y="${tableY}" width="${w}" height="${h - tableY}" fill="${mix(c(0), "#3a2a20", 0.25)}" opacity="0.55"/>${items}`;
  } else if (options.style === "coffee") {
    subject = latte(
      rng,
      w * rng.float(0.4, 0.6),
      h * rng.float(0.42, 0.58),
      Math.min(w, h) * rng.float(0.22, 0.3),
      colors,
    );
  } else {
    subject = `<path d="M0,${tableY} Q${w / 2},${tableY - h * 0.15} ${w},${tableY} L${w},${h} L0,${h} Z" fill="${c(1)}" opacity="0.6"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<linearGradient id="bg-${uid}" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${c(0)}"/><stop offset="0.55" stop-color="${mix(c(0), c(1), 0.5)}"/><stop offset="1" stop-color="${c(1)}"/></linearGradient>
<linearGradient id="shade-${uid}" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>
<radialGradient id="glow-shared"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<filter id="blur-${uid}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${(Math.max(w, h) / 14).toFixed(0)}"/></filter>
<filter id="soft-${uid}"><feGaussianBlur stdDeviation="${(Math.min(w, h) / 60).toFixed(0)}"/></filter>
<filter id="grain-${uid}"><feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="${rng.int(1, 999)}"/><feColorMatrix values="0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 0.09 0"/></filter>
</defs>
<rect width="${w}" height="${h}" fill="url(#bg-${uid})"/>
<g filter="url(#blur-${uid})">${blobs}</g>
${subject}
<rect width="${w}" height="${h}" filter="url(#grain-${uid})"/>
</svg>`;
}

export function renderAvatar(options: {
  username: string;
  name: string;
  palette: readonly string[];
}): string {
  const rng = createRng("avatar", options.username);
  const colors = rng.shuffle(
    options.palette.length > 0 ? options.palette : ["#8fa58a", "#e9d8c4", "#c8785a"],
  );
  const initials =
    (options.name.match(/\p{L}/gu) ?? ["?"]).slice(0, 1).join("").toUpperCase() +
    ((options.name.split(/\s+/)[1]?.match(/\p{L}/u) ?? [""])[0] ?? "").toUpperCase();
  const escaped = initials.replace(/[<>&"]/g, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1] ?? colors[0]}"/></linearGradient>
<filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="30"/></filter></defs>
<rect width="320" height="320" fill="url(#g)"/>
<circle cx="${rng.int(60, 260)}" cy="${rng.int(60, 260)}" r="110" fill="${colors[2] ?? "#fff"}" opacity="0.55" filter="url(#b)"/>
<text x="160" y="160" dy="0.35em" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="124" fill="#fff" fill-opacity="0.92">${escaped}</text>
</svg>`;
}

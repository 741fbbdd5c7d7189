/**
 * §2.2 — Meta accepts JPEG only. The sandbox checks the magic bytes and reads the frame header
 * (SOFn) for the dimensions; MPO (multi-picture, `MPF` in APP2) is rejected like Meta does.
 */
export type JpegInfo = { width: number; height: number; isMpo: boolean };

const sofMarkers = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

export function parseJpeg(bytes: Uint8Array): JpegInfo | undefined {
  if (!isJpeg(bytes)) return undefined;
  let isMpo = false;
  let position = 2;
  while (position + 4 <= bytes.length) {
    if (bytes[position] !== 0xff) return undefined;
    let marker = bytes[position + 1]!;
    // Fill bytes: any number of 0xFF may precede a marker.
    while (marker === 0xff && position + 2 < bytes.length) {
      position++;
      marker = bytes[position + 1]!;
    }
    position += 2;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd9 || marker === 0xda) return undefined; // image data before any frame header
    if (position + 2 > bytes.length) return undefined;
    const length = (bytes[position]! << 8) | bytes[position + 1]!;
    if (length < 2 || position + length > bytes.length) return undefined;
    if (marker === 0xe2 && length >= 6) {
      const tag = String.fromCharCode(...bytes.subarray(position + 2, position + 5));
      if (tag === "MPF") isMpo = true;
    }
    if (sofMarkers.has(marker)) {
      if (length < 7) return undefined;
      const height = (bytes[position + 3]! << 8) | bytes[position + 4]!;
      const width = (bytes[position + 5]! << 8) | bytes[position + 6]!;
      if (width === 0 || height === 0) return undefined;
      return { width, height, isMpo };
    }
    position += length;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// A tiny baseline JPEG encoder for the sample images the sandbox serves (tests and e2e need real
// JPEGs to publish). Each 8×8 block is one flat colour (DC coefficient only), which is enough for
// smooth gradients and keeps the encoder to a page.

export type Rgb = readonly [number, number, number];

class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private filled = 0;

  write(code: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | ((code >> bit) & 1);
      this.filled++;
      if (this.filled === 8) this.flushByte();
    }
  }

  private flushByte(): void {
    this.bytes.push(this.current);
    // Byte stuffing: a 0xFF in entropy-coded data must be followed by 0x00.
    if (this.current === 0xff) this.bytes.push(0x00);
    this.current = 0;
    this.filled = 0;
  }

  finish(): number[] {
    if (this.filled > 0) this.write(0xff, 8 - this.filled); // pad with 1-bits
    return this.bytes;
  }
}

// Annex K.3, table K.3: luminance DC code lengths and symbols 0–11.
const dcBits = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const dcValues = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

function canonicalCodes(
  bits: readonly number[],
  values: readonly number[],
): Map<number, [number, number]> {
  const codes = new Map<number, [number, number]>();
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length++) {
    for (let count = 0; count < bits[length - 1]!; count++) {
      codes.set(values[index++]!, [code, length]);
      code++;
    }
    code <<= 1;
  }
  return codes;
}

const dcCodes = canonicalCodes(dcBits, dcValues);

function segment(marker: number, payload: readonly number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

export type SampleJpegOptions = {
  width: number;
  height: number;
  colors: readonly Rgb[];
  /** Extra bytes appended after EOI, to produce files of a given size. */
  padBytes?: number;
};

export function encodeGradientJpeg(options: SampleJpegOptions): Uint8Array<ArrayBuffer> {
  const { width, height, colors } = options;
  const blocksX = Math.ceil(width / 8);
  const blocksY = Math.ceil(height / 8);
  const header: number[] = [0xff, 0xd8];
  header.push(
    ...segment(
      0xe0,
      [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00],
    ),
  );
  header.push(...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]));
  header.push(
    ...segment(0xc0, [
      8,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      3,
      1,
      0x11,
      0,
      2,
      0x11,
      0,
      3,
      0x11,
      0,
    ]),
  );
  // DC table 0 (class 0) and a one-symbol AC table 0 (class 1) holding only EOB, coded "0".
  header.push(...segment(0xc4, [0x00, ...dcBits, ...dcValues]));
  header.push(...segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]));
  header.push(...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]));

  const writer = new BitWriter();
  const previous = [0, 0, 0];
  const stops = colors.length > 0 ? colors : ([[128, 128, 128]] as const);
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++) {
      // Diagonal gradient across the stops plus a soft light spot, so samples look like photos.
      const t = Math.min(0.9999, (bx / blocksX + by / blocksY) / 2);
      const scaled = t * (stops.length - 1);
      const from = stops[Math.floor(scaled)]!;
      const to = stops[Math.min(stops.length - 1, Math.floor(scaled) + 1)]!;
      const mix = scaled - Math.floor(scaled);
      const dx = bx / blocksX - 0.3;
      const dy = by / blocksY - 0.35;
      const light = Math.max(0, 1 - Math.sqrt(dx * dx + dy * dy) * 2.2) * 45;
      const [r, g, b] = [0, 1, 2].map((channel) =>
        Math.min(255, from[channel]! + (to[channel]! - from[channel]!) * mix + light),
      ) as [number, number, number];
      const ycc = [
        0.299 * r + 0.587 * g + 0.114 * b,
        128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
        128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
      ];
      for (let component = 0; component < 3; component++) {
        // A flat block's DC coefficient is 8 × (value − 128).
        const dc = Math.round(8 * (ycc[component]! - 128));
        const diff = dc - previous[component]!;
        previous[component] = dc;
        const magnitude = Math.abs(diff);
        const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
        const [code, length] = dcCodes.get(category)!;
        writer.write(code, length);
        if (category > 0) writer.write(diff < 0 ? diff + (1 << category) - 1 : diff, category);
        writer.write(0, 1); // EOB: every AC coefficient is zero
      }
    }
  }
  const data = writer.finish();
  const out = new Uint8Array(header.length + data.length + 2 + (options.padBytes ?? 0));
  out.set(header, 0);
  out.set(data, header.length);
  out.set([0xff, 0xd9], header.length + data.length);
  return out;
}

/** A PNG signature with an IHDR chunk: enough to be recognisably "not JPEG". */
export function encodeSamplePngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}

/**
 * §2.2 — video rules need duration and dimensions. Uploads arrive in chunks (§2.3), so this is a
 * streaming scanner over top-level ISO-BMFF boxes: it skips `mdat` and keeps only the `moov` box,
 * wherever it sits, and its state is plain JSON so a half-finished upload survives a restart.
 */
export type VideoInfo = { durationMs: number; width: number; height: number };

export type Mp4ScanState = {
  /** File offset of the next top-level box header. */
  next: number;
  /** Header bytes collected so far for the box at `next` (base64). */
  header: string;
  /** The moov box being captured. */
  moov?: { size: number; data: string };
  boxes: number;
  info?: VideoInfo;
  error?: string;
};

const knownTopLevel = new Set([
  "ftyp",
  "styp",
  "moov",
  "mdat",
  "free",
  "skip",
  "wide",
  "pdin",
  "uuid",
  "moof",
  "mfra",
  "meta",
  "sidx",
]);
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

export function createMp4Scan(): Mp4ScanState {
  return { next: 0, header: "", boxes: 0 };
}

function readUint64(view: DataView, offset: number): number {
  return view.getUint32(offset) * 2 ** 32 + view.getUint32(offset + 4);
}

function* childBoxes(
  bytes: Uint8Array,
  start: number,
  end: number,
): Generator<{ type: string; start: number; end: number }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let position = start;
  while (position + 8 <= end) {
    let size = view.getUint32(position);
    const type = String.fromCharCode(...bytes.subarray(position + 4, position + 8));
    let headerLength = 8;
    if (size === 1) {
      if (position + 16 > end) return;
      size = readUint64(view, position + 8);
      headerLength = 16;
    } else if (size === 0) {
      size = end - position;
    }
    if (size < headerLength || position + size > end) return;
    yield { type, start: position + headerLength, end: position + size };
    position += size;
  }
}

/** Parses a complete moov box (header included). */
export function parseMoov(bytes: Uint8Array): VideoInfo | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const root = childBoxes(bytes, 0, bytes.length).next().value;
  if (root?.type !== "moov") return undefined;
  let durationMs: number | undefined;
  let width = 0;
  let height = 0;
  for (const box of childBoxes(bytes, root.start, root.end)) {
    if (box.type === "mvhd") {
      const version = bytes[box.start];
      if (version === 1) {
        const timescale = view.getUint32(box.start + 20);
        const duration = readUint64(view, box.start + 24);
        if (timescale > 0) durationMs = Math.round((duration / timescale) * 1000);
      } else {
        const timescale = view.getUint32(box.start + 12);
        const duration = view.getUint32(box.start + 16);
        if (timescale > 0) durationMs = Math.round((duration / timescale) * 1000);
      }
    }
    if (box.type === "trak" && width === 0) {
      for (const inner of childBoxes(bytes, box.start, box.end)) {
        // tkhd ends with width and height as 16.16 fixed point; audio tracks have zeros.
        if (inner.type === "tkhd" && inner.end - inner.start >= 84) {
          const trackWidth = view.getUint32(inner.end - 8) / 65536;
          const trackHeight = view.getUint32(inner.end - 4) / 65536;
          if (trackWidth > 0 && trackHeight > 0) {
            width = Math.round(trackWidth);
            height = Math.round(trackHeight);
          }
        }
      }
    }
  }
  if (durationMs === undefined || width === 0 || height === 0) return undefined;
  return { durationMs, width, height };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Feeds the bytes `chunk` found at file offset `chunkOffset` (chunks must arrive in order). */
export function feedMp4Scan(
  state: Mp4ScanState,
  chunk: Uint8Array,
  chunkOffset: number,
): Mp4ScanState {
  if (state.info || state.error) return state;
  const next: Mp4ScanState = { ...state };
  let header: Uint8Array = Buffer.from(next.header, "base64");
  let moov: Uint8Array | undefined = next.moov ? Buffer.from(next.moov.data, "base64") : undefined;
  let position = chunkOffset;
  const end = chunkOffset + chunk.length;
  while (position < end && !next.info && !next.error) {
    if (moov && next.moov) {
      const take = Math.min(next.moov.size - moov.length, end - position);
      moov = concat(moov, chunk.subarray(position - chunkOffset, position - chunkOffset + take));
      position += take;
      if (moov.length === next.moov.size) {
        const info = parseMoov(moov);
        if (info) next.info = info;
        else next.error = "moov box could not be parsed";
        moov = undefined;
        delete next.moov;
      }
      continue;
    }
    if (position < next.next) {
      position = Math.min(end, next.next);
      continue;
    }
    const need =
      header.length >= 8 && new DataView(header.buffer, header.byteOffset).getUint32(0) === 1
        ? 16
        : 8;
    const take = Math.min(need - header.length, end - position);
    header = concat(header, chunk.subarray(position - chunkOffset, position - chunkOffset + take));
    position += take;
    if (header.length < 8) continue;
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
    const size32 = view.getUint32(0);
    if (size32 === 1 && header.length < 16) continue;
    const type = String.fromCharCode(...header.subarray(4, 8));
    if (next.boxes === 0 && !knownTopLevel.has(type)) {
      next.error = "not an ISO-BMFF (MP4/MOV) file";
      break;
    }
    const size =
      size32 === 1 ? readUint64(view, 8) : size32 === 0 ? Number.POSITIVE_INFINITY : size32;
    if (size < header.length) {
      next.error = "invalid box size";
      break;
    }
    next.boxes++;
    const boxStart = position - header.length;
    if (type === "moov") {
      if (size > MAX_MOOV_BYTES) {
        next.error = "moov box too large";
        break;
      }
      next.moov = { size, data: "" };
      moov = header;
      if (moov.length === size) {
        next.error = "empty moov box";
        break;
      }
    } else {
      next.next = boxStart + size;
    }
    header = new Uint8Array(0);
  }
  next.header = Buffer.from(header).toString("base64");
  if (moov && next.moov)
    next.moov = { size: next.moov.size, data: Buffer.from(moov).toString("base64") };
  return next;
}

/** The final verdict once every byte has been fed. */
export function finishMp4Scan(state: Mp4ScanState): VideoInfo | undefined {
  return state.info;
}

export function parseMp4(bytes: Uint8Array): VideoInfo | undefined {
  return finishMp4Scan(feedMp4Scan(createMp4Scan(), bytes, 0));
}

// ---------------------------------------------------------------------------------------------
// Sample files: ftyp + moov(mvhd, trak(tkhd)) + mdat padding. Not playable (no samples), but they
// carry exactly what Meta's validation (and the sandbox's) reads.

function box(type: string, payload: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(8 + payload.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, out.length);
  out.set(
    [...type].map((char) => char.charCodeAt(0)),
    4,
  );
  out.set(payload, 8);
  return out;
}

export type SampleMp4Options = {
  width: number;
  height: number;
  durationMs: number;
  /** Size of the mdat payload. */
  mdatBytes?: number;
  /** Put moov after mdat (a non-"fast start" file). */
  moovLast?: boolean;
};

export function buildSampleMp4(options: SampleMp4Options): Uint8Array<ArrayBuffer> {
  const ftyp = box(
    "ftyp",
    new Uint8Array([
      0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31,
    ]),
  );
  const mvhd = new Uint8Array(100);
  const mvhdView = new DataView(mvhd.buffer);
  mvhdView.setUint32(12, 1000); // timescale
  mvhdView.setUint32(16, options.durationMs);
  mvhdView.setUint32(20, 0x00010000); // rate 1.0
  mvhdView.setUint16(24, 0x0100); // volume 1.0
  const tkhd = new Uint8Array(84);
  const tkhdView = new DataView(tkhd.buffer);
  tkhdView.setUint32(0, 0x00000003); // enabled, in movie
  tkhdView.setUint32(12, 1); // track id
  tkhdView.setUint32(20, options.durationMs);
  tkhdView.setUint32(76, options.width * 65536);
  tkhdView.setUint32(80, options.height * 65536);
  const moov = box("moov", concat(box("mvhd", mvhd), box("trak", box("tkhd", tkhd))));
  const mdat = box("mdat", new Uint8Array(options.mdatBytes ?? 1024));
  return options.moovLast ? concat(concat(ftyp, mdat), moov) : concat(concat(ftyp, moov), mdat);
}

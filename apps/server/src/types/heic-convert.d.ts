// heic-convert ships no types; its one function as used in features/uploads/heic.ts.
declare module "heic-convert" {
  export default function convert(options: {
    buffer: ArrayBufferLike | Uint8Array;
    format: "JPEG" | "PNG";
    quality?: number;
  }): Promise<ArrayBuffer>;
}

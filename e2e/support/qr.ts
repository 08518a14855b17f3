import { writeFileSync } from 'node:fs';
import { prepareZxing } from '@mqr/pdf-testing';
import QRCode from 'qrcode';
import { readBarcodes } from 'zxing-wasm/reader';

/** Decodes the QR code in an encoded image (PNG, JPEG...) with zxing's wasm, loaded from node_modules. */
export async function decodeQr(image: Uint8Array): Promise<string | undefined> {
  await prepareZxing();
  const [result] = await readBarcodes(image, { formats: ['QRCode'] });
  return result?.text;
}

/**
 * Writes a Y4M video (what Chromium's fake camera plays) showing the QR code of `text` on white.
 * The frames are drawn straight from the QR matrix, so no ffmpeg is needed.
 */
export function writeQrVideo(
  text: string,
  file: string,
  { width = 640, height = 480, frames = 10 } = {},
): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const quietZone = 4;
  const scale = Math.floor((Math.min(width, height) * 0.85) / (modules + 2 * quietZone));
  const size = scale * modules;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);

  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (!qr.modules.get(row, column)) continue;
      for (let y = 0; y < scale; y++) {
        luma.fill(
          0,
          (top + row * scale + y) * width + left + column * scale,
          (top + row * scale + y) * width + left + (column + 1) * scale,
        );
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

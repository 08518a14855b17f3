import QRCode from 'qrcode';

export const QR_CODE_WIDTH = 600;
export const QR_CODE_MARGIN = 4;

/** A PNG QR code of `text`: error correction Q, 4-module quiet zone, about 600 px, black on white. */
export function renderQrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: 'Q',
    margin: QR_CODE_MARGIN,
    width: QR_CODE_WIDTH,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}

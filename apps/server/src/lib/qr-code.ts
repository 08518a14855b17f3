export const QR_CODE_WIDTH = 600;
export const QR_CODE_MARGIN = 4;

/**
 * A PNG QR code of `text`: error correction Q, 4-module quiet zone, about 600 px, black on white. The
 * encoder loads at the first code rather than with the server (ADR 033).
 */
export async function renderQrPng(text: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: 'Q',
    margin: QR_CODE_MARGIN,
    width: QR_CODE_WIDTH,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}

import { i18n } from '@lingui/core';
import { QR_TEXTS } from '../texts.ts';

/**
 * Opens a print window with the QR image, the asset name and its public URL, then prints it.
 * Returns false when the browser blocked the window (the caller shows the print-blocked message).
 */
export function printQr(options: { imageUrl: string; name: string; publicUrl: string }): boolean {
  const win = window.open('', '_blank', 'width=480,height=640');
  if (!win) return false;
  const doc = win.document;
  doc.title = i18n._(QR_TEXTS.printTitle(options.name));
  const style = doc.createElement('style');
  style.textContent =
    'body{font-family:system-ui,sans-serif;text-align:center;margin:24px;color:#000;background:#fff}' +
    'img{width:280px;height:280px;image-rendering:pixelated}h1{font-size:20px;margin:12px 0 4px}' +
    'p{font-size:12px;word-break:break-all;margin:0}';
  doc.head.append(style);
  const image = doc.createElement('img');
  image.alt = i18n._(QR_TEXTS.alt(options.name));
  doc.documentElement.lang = document.documentElement.lang;
  const heading = doc.createElement('h1');
  heading.textContent = options.name;
  const url = doc.createElement('p');
  url.textContent = options.publicUrl;
  doc.body.append(image, heading, url);
  const print = () => {
    win.focus();
    win.print();
  };
  image.addEventListener('load', print, { once: true });
  image.addEventListener('error', print, { once: true });
  image.src = options.imageUrl;
  return true;
}

/** Saves the QR image as `{slug}-qr.png`. */
export function downloadQr(imageUrl: string, slug: string) {
  const link = document.createElement('a');
  link.href = imageUrl;
  link.download = `${slug}-qr.png`;
  document.body.append(link);
  link.click();
  link.remove();
}

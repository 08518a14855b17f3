import { deflateSync } from 'node:zlib';
import {
  DEFAULT_LANGUAGE,
  LOCATION_PATH_SEPARATOR,
  type TLabelLayoutId,
  type TLanguage,
} from '@mqr/contracts';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { translatorFor } from '#server/lib/i18n/translators.ts';
import {
  encodableText,
  type FittedLine,
  fitLine,
  fitLines,
  type MeasuringFont,
} from '#server/lib/pdf/pdf-text.ts';
import { type Box, type LabelLayout, labelBox, labelLayout, labelsPerPage, MM } from './layouts.ts';

/** One label's content, as plain data: an asset's, or a location's own (ADR 126). */
export interface LabelContent {
  name: string;
  /** The last line: an asset's slug, a location's code (its slug without one). */
  slug: string;
  /** What the QR code encodes: the asset's public page, or the location's. */
  publicUrl: string;
  /** The chosen custom field's value (nothing is printed for it when empty). */
  fieldValue?: string | null | undefined;
  /** A line printed as it is under the name, cut in the middle to keep its end (a location's path). */
  detail?: string | null | undefined;
}

export interface LabelSheetInput {
  labels: LabelContent[];
  organizationName: string;
  layout: TLabelLayoutId | LabelLayout;
  /** 1-based position of the first label on the first sheet (1 for a roll). */
  startPosition?: number;
  /** The custom field printed as "Label: value" on each label. */
  fieldLabel?: string | null | undefined;
  /** The organization's logo: PNG or JPEG bytes (anything else is left out). */
  logo?: Uint8Array | null | undefined;
  /** The language of the words the sheet has of its own (its title): the requesting person's. */
  language?: TLanguage;
}

/** The words of the sheet itself (ADR 111); everything a label prints is the organization's data. */
export const LABEL_SHEET_TEXTS = {
  title: /*i18n*/ { id: 'labelSheet.title', message: 'QR labels' },
} as const;

/** Modules of white around the QR symbol, inside its square (the QR standard asks 4; 2 read well). */
export const QR_QUIET_ZONE_MODULES = 2;
/** Labels at least this much wider than high put the QR code left of the text; others above it. */
const SIDE_BY_SIDE_RATIO = 1.4;

/** Where things go on every label of a document, in points from the label's bottom left corner. */
export interface LabelPlan {
  /** The QR code's square, quiet zone included. */
  qr: { x: number; y: number; size: number };
  text: Box;
  align: 'left' | 'center';
  /** Organization name, custom field and slug. */
  smallSize: number;
  /** The asset name (bold, up to two lines), before any shrinking. */
  nameSize: number;
  /** The logo's height when there is one. */
  logoHeight: number;
}

/** The plan of a layout's labels: QR size and text column, font sizes that fit the label's height. */
export function labelPlan(layout: LabelLayout, options: { hasField: boolean; hasLogo: boolean }): LabelPlan {
  const w = layout.labelWidth;
  const h = layout.labelHeight;
  const p = layout.padding;
  const gap = Math.max(1 * MM, p * 0.75);
  const sideBySide = w / h >= SIDE_BY_SIDE_RATIO;
  let qr: LabelPlan['qr'];
  let text: Box;
  if (sideBySide) {
    const size = Math.min(h - 2 * p, (w - 2 * p) * 0.5);
    qr = { x: p, y: (h - size) / 2, size };
    text = { x: p + size + gap, y: p, width: w - 2 * p - size - gap, height: h - 2 * p };
  } else {
    const size = Math.min(w - 2 * p, (h - 2 * p) * 0.55);
    qr = { x: (w - size) / 2, y: h - p - size, size };
    text = { x: p, y: p, width: w - 2 * p, height: h - 2 * p - size - gap };
  }
  // Heights in units of the small size: header and its gap, two name lines (1.3× size, 1.15 leading),
  // field, slug; a logo makes the header 2 units high.
  const units = 1.4 + 2 * 1.15 * 1.3 + 1.2 + (options.hasField ? 1.2 : 0) + (options.hasLogo ? 0.85 : 0);
  const smallSize = Math.min(9, text.height / units);
  return {
    qr,
    text,
    align: sideBySide ? 'left' : 'center',
    smallSize,
    nameSize: Math.min(12, smallSize * 1.3),
    logoHeight: options.hasLogo ? smallSize * 2 : 0,
  };
}

/**
 * The vector drawing of `text`'s QR code (error correction M, byte mode) filling a square of `size`
 * points at (x, y), a quiet zone of QR_QUIET_ZONE_MODULES included: one path of a rectangle per run
 * of dark modules in a row, in module units scaled by the `cm` operator, filled once (no seams
 * between rows).
 */
export function qrCodeOperators(text: string, x: number, y: number, size: number): string {
  // One byte segment: the encoder's search for the shortest mix of segments costs as much as the
  // rest of the code, and saves nothing on a URL (lower-case letters are bytes anyway).
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  });
  const count = modules.size;
  const span = count + 2 * QR_QUIET_ZONE_MODULES;
  const moduleSize = size / span;
  const parts = [`q 0 g ${num(moduleSize)} 0 0 ${num(moduleSize)} ${num(x)} ${num(y)} cm\n`];
  for (let row = 0; row < count; row++) {
    const rowY = span - QR_QUIET_ZONE_MODULES - 1 - row;
    let column = 0;
    while (column < count) {
      if (!modules.data[row * count + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < count && modules.data[row * count + column]) column++;
      parts.push(`${start + QR_QUIET_ZONE_MODULES} ${rowY} ${column - start} 1 re\n`);
    }
  }
  parts.push('f Q\n');
  return parts.join('');
}

/** A number as a content stream writes it: at most 3 decimals. */
function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

type LogoKind = 'png' | 'jpeg';

/** PNG or JPEG by the file's first bytes; undefined for anything else. */
function logoKind(bytes: Uint8Array): LogoKind | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
}

async function embedLogo(
  doc: PDFDocument,
  bytes: Uint8Array | null | undefined,
): Promise<PDFImage | undefined> {
  const kind = bytes?.length ? logoKind(bytes) : undefined;
  if (!bytes || !kind) return undefined;
  try {
    return kind === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    // A logo pdf-lib cannot read (damaged, or a PNG variant it does not know) is left out.
    return undefined;
  }
}

/**
 * A standard font as the labels use it: widths and WinAnsi codes per character, cached. Widths are
 * without kerning, as `Tj` draws the text, so a line measured to fit is drawn within its width.
 */
class LabelFont implements MeasuringFont {
  readonly font: PDFFont;
  private readonly widths = new Map<string, number>();
  private readonly codes = new Map<string, string>();

  constructor(font: PDFFont) {
    this.font = font;
  }

  widthOfTextAtSize(text: string, size: number): number {
    let width = 0;
    for (const char of text) {
      let charWidth = this.widths.get(char);
      if (charWidth === undefined) {
        charWidth = this.font.widthOfTextAtSize(char, 1000);
        this.widths.set(char, charWidth);
      }
      width += charWidth;
    }
    return (width * size) / 1000;
  }

  /** The text as a PDF hex string of its WinAnsi codes (the text is encodable: see encodableText). */
  hex(text: string): string {
    let hex = '';
    for (const char of text) {
      let code = this.codes.get(char);
      if (code === undefined) {
        code = this.font.encodeText(char).asString();
        this.codes.set(char, code);
      }
      hex += code;
    }
    return `<${hex}>`;
  }
}

interface Fonts {
  regular: LabelFont;
  bold: LabelFont;
  /** The code points both fonts can encode (WinAnsi). */
  supported: ReadonlySet<number>;
}

const DARK = 0;
const MUTED = 0.3;

/**
 * The content of one page, written as PDF operators (text, logo, QR codes) and added as one
 * compressed stream when the page is done: far cheaper than an operator object per drawing call.
 */
class PageContent {
  private readonly page: PDFPage;
  private readonly parts: string[] = [];
  private readonly fontKeys: Map<LabelFont, string>;
  private readonly logoKey: string | undefined;

  constructor(page: PDFPage, fonts: Fonts, logo: PDFImage | undefined) {
    this.page = page;
    this.fontKeys = new Map(
      [fonts.regular, fonts.bold].map((font) => [
        font,
        page.node.newFontDictionary(font.font.name, font.font.ref).toString(),
      ]),
    );
    this.logoKey = logo ? page.node.newXObject('Image', logo.ref).toString() : undefined;
  }

  text(text: string, font: LabelFont, size: number, x: number, y: number, gray: number): void {
    this.parts.push(
      `BT ${this.fontKeys.get(font)} ${num(size)} Tf ${gray} g ${num(x)} ${num(y)} Td ${font.hex(text)} Tj ET\n`,
    );
  }

  logo(x: number, y: number, width: number, height: number): void {
    if (this.logoKey)
      this.parts.push(`q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm ${this.logoKey} Do Q\n`);
  }

  raw(operators: string): void {
    this.parts.push(operators);
  }

  finish(doc: PDFDocument): void {
    const stream = doc.context.stream(deflateSync(Buffer.from(this.parts.join(''), 'latin1')), {
      Filter: 'FlateDecode',
    });
    this.page.node.addContentStream(doc.context.register(stream));
  }
}

/** Draws `line` with its top at `top`; answers the top of the next line. */
function drawLine(
  content: PageContent,
  line: FittedLine,
  font: LabelFont,
  area: Box,
  align: LabelPlan['align'],
  top: number,
  gray = DARK,
): number {
  const width = font.widthOfTextAtSize(line.text, line.size);
  const x = align === 'center' ? area.x + (area.width - width) / 2 : area.x;
  content.text(line.text, font, line.size, x, top - line.size * 0.85, gray);
  return top - line.size * 1.15;
}

/** Draws one label's logo and texts at `origin` (its QR code is drawn apart). */
function drawLabelTexts(
  content: PageContent,
  origin: Box,
  plan: LabelPlan,
  fonts: Fonts,
  texts: { organizationName: string; name: string; field: string; slug: string; detail: string },
  logo: PDFImage | undefined,
): void {
  const area: Box = {
    x: origin.x + plan.text.x,
    y: origin.y + plan.text.y,
    width: plan.text.width,
    height: plan.text.height,
  };
  const small = plan.smallSize;
  const minSmall = Math.max(3.5, small * 0.7);
  let top = area.y + area.height;

  // Header: the logo (if any) and the organization's name beside it.
  let logoWidth = 0;
  let logoHeight = 0;
  if (logo) {
    const aspect = logo.width / logo.height;
    logoWidth = Math.min(plan.logoHeight * aspect, area.width * 0.4);
    logoHeight = logoWidth / aspect;
  }
  const logoGap = logo ? small * 0.5 : 0;
  const organization = fitLine(
    texts.organizationName,
    fonts.regular,
    small,
    minSmall,
    area.width - logoWidth - logoGap,
  );
  const headerHeight = Math.max(logoHeight, small * 1.15);
  const organizationWidth = fonts.regular.widthOfTextAtSize(organization.text, organization.size);
  let x = area.x;
  if (plan.align === 'center') x += (area.width - logoWidth - logoGap - organizationWidth) / 2;
  if (logo) content.logo(x, top - (headerHeight + logoHeight) / 2, logoWidth, logoHeight);
  content.text(
    organization.text,
    fonts.regular,
    organization.size,
    x + logoWidth + logoGap,
    top - headerHeight / 2 - organization.size * 0.35,
    MUTED,
  );
  top -= headerHeight + small * 0.25;

  const name = fitLines(
    texts.name,
    fonts.bold,
    plan.nameSize,
    Math.max(4, plan.nameSize * 0.65),
    area.width,
    2,
  );
  for (const line of name) top = drawLine(content, line, fonts.bold, area, plan.align, top);
  if (texts.field) {
    const field = fitLine(texts.field, fonts.regular, small, minSmall, area.width);
    drawLine(content, field, fonts.regular, area, plan.align, top);
  } else if (texts.detail) {
    // A path's end (the place right above) says most: cut in the middle, keeping its last level.
    const keepEnd = texts.detail.length - texts.detail.lastIndexOf(LOCATION_PATH_SEPARATOR);
    const detail = fitLine(texts.detail, fonts.regular, small, minSmall, area.width, keepEnd);
    drawLine(content, detail, fonts.regular, area, plan.align, top);
  }
  // The slug sits at the bottom of the text area.
  // Cut short in the middle if it must: its last part tells assets of the same name apart.
  const suffix = texts.slug.length - texts.slug.lastIndexOf('-');
  const slug = fitLine(texts.slug, fonts.regular, small, Math.max(3.5, small * 0.6), area.width, suffix);
  drawLine(content, slug, fonts.regular, area, plan.align, area.y + slug.size * 1.1, MUTED);
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Labels drawn between two yields to the event loop: a few milliseconds of work, whatever the layout. */
const LABELS_PER_TURN = 8;

/**
 * A PDF of QR labels for `labels`, in order, laid out on `layout` from `startPosition` on the first
 * sheet: each label has its asset's QR code (vector), name, slug, the organization's name, and
 * optionally the logo and a custom field (a location's label: its path in the field's place, its code
 * in the slug's). Text the standard fonts cannot encode is replaced, never
 * refused; text too long for a label shrinks, then ends with an ellipsis. Yields to the event loop
 * every few labels, so other requests go on while a large sheet is made.
 */
export async function renderLabelSheet(input: LabelSheetInput): Promise<Uint8Array> {
  const layout = typeof input.layout === 'string' ? labelLayout(input.layout) : input.layout;
  const perPage = labelsPerPage(layout);
  const start = Math.min(Math.max(1, Math.trunc(input.startPosition ?? 1)), perPage) - 1;

  const doc = await PDFDocument.create();
  doc.setTitle(translatorFor(input.language ?? DEFAULT_LANGUAGE).t(LABEL_SHEET_TEXTS.title));
  doc.setLanguage(input.language ?? DEFAULT_LANGUAGE);
  doc.setCreator('Maintenance QR');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const boldCharacters = new Set(bold.getCharacterSet());
  const supported = new Set(regular.getCharacterSet().filter((code) => boldCharacters.has(code)));
  const fonts: Fonts = { regular: new LabelFont(regular), bold: new LabelFont(bold), supported };
  const logo = await embedLogo(doc, input.logo);
  const fieldLabel = input.fieldLabel ? encodableText(input.fieldLabel, supported) : '';
  const hasField = Boolean(fieldLabel) || input.labels.some((label) => label.detail);
  const plan = labelPlan(layout, { hasField, hasLogo: Boolean(logo) });
  const organizationName = encodableText(input.organizationName, supported);

  let content: PageContent | undefined;
  for (const [index, label] of input.labels.entries()) {
    const slot = (start + index) % perPage;
    if (index > 0 && index % LABELS_PER_TURN === 0) await nextTick();
    if (!content || slot === 0) {
      content?.finish(doc);
      content = new PageContent(doc.addPage([layout.pageWidth, layout.pageHeight]), fonts, logo);
    }
    const origin = labelBox(layout, slot);
    content.raw(qrCodeOperators(label.publicUrl, origin.x + plan.qr.x, origin.y + plan.qr.y, plan.qr.size));
    const value = label.fieldValue ? encodableText(label.fieldValue, supported) : '';
    drawLabelTexts(
      content,
      origin,
      plan,
      fonts,
      {
        organizationName,
        name: encodableText(label.name, supported),
        field: fieldLabel && value ? `${fieldLabel}: ${value}` : '',
        slug: encodableText(label.slug, supported),
        detail: label.detail ? encodableText(label.detail, supported) : '',
      },
      logo,
    );
  }
  if (content) content.finish(doc);
  else doc.addPage([layout.pageWidth, layout.pageHeight]);
  return doc.save();
}

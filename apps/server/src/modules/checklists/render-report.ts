import {
  type ChecklistCounts,
  checklistPassed,
  DEFAULT_LANGUAGE,
  type TChecklistStep,
  type TLanguage,
} from '@mqr/contracts';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { dateTimeFormat } from '#server/lib/i18n/formats.ts';
import { type Translator, translatorFor } from '#server/lib/i18n/translators.ts';
import { encodableText, wrapLines } from '#server/lib/pdf/pdf-text.ts';
import { answerInWords, rangeInWords, type WordedAnswer } from './answer-words.ts';
import { imageKindOf } from './stored-images.ts';
import { REPORT_TEXTS } from './texts.ts';

// The completion report of a task's checklist (ADR 135): A4 pages drawn with pdf-lib and the
// standard fonts, as the label sheets are; the photos and the signature embedded as they were
// uploaded (JPEG as is, PNG decoded), yielding to the event loop between steps.

/** One step of the report: the step, its answer (null: not done) and its image's bytes. */
export interface ReportStep {
  step: TChecklistStep;
  answer:
    | (WordedAnswer & { flagged: boolean; doneBy: string | null; doneAt: Date; followUpTitle: string | null })
    | null;
  /** A photo's or signature's bytes (PNG or JPEG); null when it could not be read. */
  image?: Uint8Array | null;
}

export interface ReportInput {
  language?: TLanguage;
  /** The organization's time zone: the times are written in it. */
  timeZone: string;
  organizationName: string;
  asset: { name: string; slug: string };
  task: { title: string; completedAt: Date | null; completedBy: string | null };
  checklist: { name: string; version: number };
  summary: ChecklistCounts;
  steps: ReportStep[];
  madeAt: Date;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const FOOTER_HEIGHT = 28;
const TEXT_SIZE = 9.5;
const LINE = TEXT_SIZE * 1.3;
const CELL_PADDING = 5;
/** Column widths of the steps' table: number, step, answer, who and when. */
const COLUMNS = [22, 190, 160, CONTENT_WIDTH - 22 - 190 - 160];
const PHOTO_BOX = { width: 230, height: 170 };
const SIGNATURE_BOX = { width: 200, height: 80 };
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.82, 0.84, 0.87);
const FLAG_INK = rgb(0.62, 0.08, 0.08);
const FLAG_FILL = rgb(1, 0.93, 0.93);
const PASS_INK = rgb(0.06, 0.42, 0.2);
/** Steps drawn between two yields to the event loop. */
const STEPS_PER_TURN = 5;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  supported: ReadonlySet<number>;
}

/** Where the drawing is: the page and how far down it (points from the page's bottom). */
class Cursor {
  page: PDFPage;
  y: number;
  readonly pages: PDFPage[] = [];
  private readonly doc: PDFDocument;

  constructor(doc: PDFDocument) {
    this.doc = doc;
    this.page = this.newPage();
    this.y = A4.height - MARGIN;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(page);
    return page;
  }

  /** Room for `height` more points on this page, else a new page. Answers whether a page was started. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN + FOOTER_HEIGHT) return false;
    this.page = this.newPage();
    this.y = A4.height - MARGIN;
    return true;
  }
}

/** `text` wrapped to `width` with the font (characters it cannot encode replaced). */
function linesOf(fonts: Fonts, font: PDFFont, text: string, size: number, width: number): string[] {
  const encodable = encodableText(text, fonts.supported);
  if (!encodable) return [];
  return wrapLines(encodable, font, size, width, Number.MAX_SAFE_INTEGER) ?? [encodable];
}

function drawLines(
  cursor: Cursor,
  lines: string[],
  options: { x: number; y: number; font: PDFFont; size?: number; color?: ReturnType<typeof rgb> },
): void {
  const size = options.size ?? TEXT_SIZE;
  lines.forEach((line, index) => {
    cursor.page.drawText(line, {
      x: options.x,
      y: options.y - size - index * size * 1.3,
      size,
      font: options.font,
      color: options.color ?? INK,
    });
  });
}

/** An image scaled down (never up) into a box. */
function fitted(image: PDFImage, box: { width: number; height: number }) {
  const scale = Math.min(1, box.width / image.width, box.height / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

/** Embeds a PNG or JPEG (what a PDF takes); undefined for anything else or bytes it cannot read. */
async function embedImage(
  doc: PDFDocument,
  bytes: Uint8Array | null | undefined,
): Promise<PDFImage | undefined> {
  if (!bytes) return undefined;
  // A copy of its own: pdf-lib reads the JPEG through its ArrayBuffer from offset 0, and a small
  // Buffer is a slice of Node's shared pool.
  const own = new Uint8Array(bytes);
  try {
    const kind = imageKindOf(own);
    if (kind === 'image/png') return await doc.embedPng(own);
    if (kind === 'image/jpeg') return await doc.embedJpg(own);
  } catch {
    // A damaged image: the report says it could not be read.
  }
  return undefined;
}

/** The heading block: what, where, which version, where it stands. */
function drawHeading(
  cursor: Cursor,
  fonts: Fonts,
  t: Translator,
  input: ReportInput,
  when: Intl.DateTimeFormat,
) {
  const page = cursor.page;
  const title = encodableText(t.t(REPORT_TEXTS.title), fonts.supported);
  page.drawText(title, { x: MARGIN, y: cursor.y - 18, size: 18, font: fonts.bold, color: INK });
  const organization = encodableText(input.organizationName, fonts.supported);
  const orgWidth = fonts.regular.widthOfTextAtSize(organization, TEXT_SIZE);
  page.drawText(organization, {
    x: A4.width - MARGIN - Math.min(orgWidth, CONTENT_WIDTH / 2),
    y: cursor.y - 14,
    size: TEXT_SIZE,
    font: fonts.regular,
    color: MUTED,
  });
  cursor.y -= 34;

  const completed =
    input.task.completedAt !== null
      ? t.t(REPORT_TEXTS.completed, {
          date: when.format(input.task.completedAt),
          person: input.task.completedBy ?? '—',
        })
      : t.t(REPORT_TEXTS.notCompleted);
  const facts: [string, string][] = [
    [t.t(REPORT_TEXTS.asset), `${input.asset.name} (${input.asset.slug})`],
    [t.t(REPORT_TEXTS.task), input.task.title],
    [
      t.t(REPORT_TEXTS.checklist),
      `${input.checklist.name}, ${t.t(REPORT_TEXTS.version, { version: input.checklist.version })}`,
    ],
    [t.t(REPORT_TEXTS.status), completed],
  ];
  const labelWidth = 90;
  for (const [label, value] of facts) {
    const lines = linesOf(fonts, fonts.regular, value, TEXT_SIZE + 1, CONTENT_WIDTH - labelWidth);
    drawLines(cursor, linesOf(fonts, fonts.bold, label, TEXT_SIZE + 1, labelWidth - 6), {
      x: MARGIN,
      y: cursor.y,
      font: fonts.bold,
      size: TEXT_SIZE + 1,
    });
    drawLines(cursor, lines, {
      x: MARGIN + labelWidth,
      y: cursor.y,
      font: fonts.regular,
      size: TEXT_SIZE + 1,
    });
    cursor.y -= Math.max(1, lines.length) * (TEXT_SIZE + 1) * 1.3 + 3;
  }

  const { summary } = input;
  cursor.y -= 6;
  const verdict = checklistPassed(summary)
    ? t.t(REPORT_TEXTS.passed)
    : summary.flagged > 0
      ? t.t(REPORT_TEXTS.problems, { flagged: summary.flagged })
      : '';
  if (verdict) {
    page.drawText(encodableText(verdict, fonts.supported), {
      x: MARGIN,
      y: cursor.y - 13,
      size: 13,
      font: fonts.bold,
      color: checklistPassed(summary) ? PASS_INK : FLAG_INK,
    });
    cursor.y -= 18;
  }
  const counts = linesOf(
    fonts,
    fonts.regular,
    t.t(REPORT_TEXTS.summary, { ...summary }),
    TEXT_SIZE + 1,
    CONTENT_WIDTH,
  );
  drawLines(cursor, counts, {
    x: MARGIN,
    y: cursor.y,
    font: fonts.regular,
    size: TEXT_SIZE + 1,
    color: MUTED,
  });
  cursor.y -= counts.length * (TEXT_SIZE + 1) * 1.3 + 14;
}

/** The table's header row (again at the top of every page the table goes on to). */
function drawTableHeader(cursor: Cursor, fonts: Fonts, t: Translator): void {
  const headers = ['#', t.t(REPORT_TEXTS.step), t.t(REPORT_TEXTS.answer), t.t(REPORT_TEXTS.doneBy)];
  let x = MARGIN;
  headers.forEach((header, index) => {
    cursor.page.drawText(encodableText(header, fonts.supported), {
      x: x + (index === 0 ? 0 : CELL_PADDING),
      y: cursor.y - TEXT_SIZE - 2,
      size: TEXT_SIZE,
      font: fonts.bold,
      color: MUTED,
    });
    x += COLUMNS[index]!;
  });
  cursor.y -= TEXT_SIZE + 8;
  cursor.page.drawLine({
    start: { x: MARGIN, y: cursor.y },
    end: { x: MARGIN + CONTENT_WIDTH, y: cursor.y },
    thickness: 0.8,
    color: MUTED,
  });
}

/** One step's row: its text cells, then its image under the step and answer columns. */
async function drawStep(
  doc: PDFDocument,
  cursor: Cursor,
  fonts: Fonts,
  t: Translator,
  when: Intl.DateTimeFormat,
  index: number,
  entry: ReportStep,
): Promise<void> {
  const { step, answer } = entry;
  const width = (column: number) => COLUMNS[column]! - 2 * CELL_PADDING;
  const stepLines = linesOf(fonts, fonts.bold, step.label, TEXT_SIZE, width(1));
  const stepNotes = step.required
    ? linesOf(fonts, fonts.regular, t.t(REPORT_TEXTS.required), TEXT_SIZE - 1, width(1))
    : [];
  const answerText = answerInWords(t, step, answer ?? { outcome: null, numberValue: null, textValue: null });
  const answerLines = linesOf(fonts, answer ? fonts.bold : fonts.regular, answerText, TEXT_SIZE, width(2));
  const range = step.kind === 'number' ? rangeInWords(t, step) : null;
  const notes = [
    ...(range ? [range] : []),
    ...(answer?.flagged ? [t.t(REPORT_TEXTS.flagged)] : []),
    ...(answer?.followUpTitle ? [t.t(REPORT_TEXTS.followUp, { title: answer.followUpTitle })] : []),
  ];
  const noteLines = notes.flatMap((note) => linesOf(fonts, fonts.regular, note, TEXT_SIZE - 1, width(2)));
  const whoLines = answer
    ? [
        ...linesOf(fonts, fonts.regular, answer.doneBy ?? '—', TEXT_SIZE, width(3)),
        ...linesOf(fonts, fonts.regular, when.format(answer.doneAt), TEXT_SIZE - 1, width(3)),
      ]
    : [];
  const textHeight =
    Math.max(
      stepLines.length * LINE + stepNotes.length * LINE,
      answerLines.length * LINE + noteLines.length * LINE,
      whoLines.length * LINE,
      LINE,
    ) +
    2 * CELL_PADDING;

  const image =
    step.kind === 'photo' || step.kind === 'signature' ? await embedImage(doc, entry.image) : undefined;
  const box = step.kind === 'signature' ? SIGNATURE_BOX : PHOTO_BOX;
  const imageSize = image ? fitted(image, box) : undefined;
  const missingImage = answer !== null && (step.kind === 'photo' || step.kind === 'signature') && !image;
  const imageHeight = imageSize ? imageSize.height + CELL_PADDING : missingImage ? LINE + CELL_PADDING : 0;
  const height = textHeight + imageHeight;

  if (cursor.ensure(height)) drawTableHeader(cursor, fonts, t);
  const top = cursor.y;
  if (answer?.flagged) {
    cursor.page.drawRectangle({
      x: MARGIN,
      y: top - height,
      width: CONTENT_WIDTH,
      height,
      color: FLAG_FILL,
    });
  }
  let x = MARGIN;
  drawLines(cursor, [String(index + 1)], { x, y: top - CELL_PADDING, font: fonts.regular, color: MUTED });
  x += COLUMNS[0]!;
  drawLines(cursor, stepLines, { x: x + CELL_PADDING, y: top - CELL_PADDING, font: fonts.bold });
  drawLines(cursor, stepNotes, {
    x: x + CELL_PADDING,
    y: top - CELL_PADDING - stepLines.length * LINE,
    font: fonts.regular,
    size: TEXT_SIZE - 1,
    color: MUTED,
  });
  x += COLUMNS[1]!;
  drawLines(cursor, answerLines, {
    x: x + CELL_PADDING,
    y: top - CELL_PADDING,
    font: answer ? fonts.bold : fonts.regular,
    color: answer?.flagged ? FLAG_INK : answer ? INK : MUTED,
  });
  drawLines(cursor, noteLines, {
    x: x + CELL_PADDING,
    y: top - CELL_PADDING - answerLines.length * LINE,
    font: fonts.regular,
    size: TEXT_SIZE - 1,
    color: answer?.flagged ? FLAG_INK : MUTED,
  });
  x += COLUMNS[2]!;
  drawLines(cursor, whoLines, { x: x + CELL_PADDING, y: top - CELL_PADDING, font: fonts.regular });

  const imageX = MARGIN + COLUMNS[0]! + CELL_PADDING;
  if (image && imageSize) {
    cursor.page.drawImage(image, {
      x: imageX,
      y: top - textHeight - imageSize.height,
      width: imageSize.width,
      height: imageSize.height,
    });
  } else if (missingImage) {
    drawLines(
      cursor,
      linesOf(fonts, fonts.regular, t.t(REPORT_TEXTS.imageMissing), TEXT_SIZE - 1, CONTENT_WIDTH / 2),
      {
        x: imageX,
        y: top - textHeight + CELL_PADDING,
        font: fonts.regular,
        size: TEXT_SIZE - 1,
        color: MUTED,
      },
    );
  }
  cursor.y = top - height;
  cursor.page.drawLine({
    start: { x: MARGIN, y: cursor.y },
    end: { x: MARGIN + CONTENT_WIDTH, y: cursor.y },
    thickness: 0.5,
    color: RULE,
  });
}

/** "Made {date}" and "Page X of Y" at the foot of every page. */
function drawFooters(cursor: Cursor, fonts: Fonts, t: Translator, made: string): void {
  const pages = cursor.pages.length;
  cursor.pages.forEach((page, index) => {
    const left = encodableText(t.t(REPORT_TEXTS.generated, { date: made }), fonts.supported);
    const right = encodableText(t.t(REPORT_TEXTS.page, { page: index + 1, pages }), fonts.supported);
    page.drawText(left, {
      x: MARGIN,
      y: MARGIN - 12,
      size: TEXT_SIZE - 1.5,
      font: fonts.regular,
      color: MUTED,
    });
    page.drawText(right, {
      x: A4.width - MARGIN - fonts.regular.widthOfTextAtSize(right, TEXT_SIZE - 1.5),
      y: MARGIN - 12,
      size: TEXT_SIZE - 1.5,
      font: fonts.regular,
      color: MUTED,
    });
  });
}

/**
 * The completion report: the asset, the task, the checklist's version and where it stands, then
 * every step with its answer (flagged ones shaded), who did it and when, its photo or signature.
 * Its own words are in `language`; times in the organization's zone. Yields to the event loop
 * every few steps and after each image, so other requests go on while a long report is made.
 */
export async function renderChecklistReport(input: ReportInput): Promise<Uint8Array> {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = translatorFor(language);
  const when = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }, input.timeZone);
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.t(REPORT_TEXTS.title)}: ${input.task.title}`);
  doc.setLanguage(language);
  doc.setCreator('Maintenance QR');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const boldCharacters = new Set(bold.getCharacterSet());
  const supported = new Set(regular.getCharacterSet().filter((code) => boldCharacters.has(code)));
  const fonts: Fonts = { regular, bold, supported };

  const cursor = new Cursor(doc);
  drawHeading(cursor, fonts, t, input, when);
  drawTableHeader(cursor, fonts, t);
  for (const [index, entry] of input.steps.entries()) {
    if (index > 0 && index % STEPS_PER_TURN === 0) await nextTick();
    await drawStep(doc, cursor, fonts, t, when, index, entry);
    if (entry.image) await nextTick();
  }
  drawFooters(cursor, fonts, t, when.format(input.madeAt));
  return doc.save();
}

/**
 * A small text layout engine on pdf-lib for the generated documents: US Letter pages with margins,
 * word wrapping, headings, paragraphs, bullet lists, key-value tables, signature lines, automatic page
 * breaks, and on every page a footer with the organisation's company name, NMLS number and address
 * plus "Page n of m".
 *
 * Only the standard Helvetica fonts are used (no font files to ship or embed). They encode WinAnsi
 * only, so text is mapped onto that character set before drawing instead of letting pdf-lib throw on
 * a borrower's name with an unusual character.
 *
 * Output is deterministic for the same input: the creation and modification dates come from the
 * document's own date, never the clock, and pdf-lib writes no random file identifier. Every line
 * drawn is also recorded in `lines`, which tests (and a text preview) read instead of parsing PDFs.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatAddress, parseIsoDate, type TOrgData } from '@heloc/domain';

/** The result of every generator. */
export interface TPdfDocument {
  title: string;
  bytes: Uint8Array;
  /** Every text line drawn, in drawing order (body lines first, then each page's footer). */
  lines: readonly string[];
  pageCount: number;
}

export interface TDocumentSetup {
  title: string;
  subject: string;
  org: TOrgData;
  /** The document's date, yyyy-MM-dd: used for the PDF creation and modification dates. */
  date: string;
  keywords?: readonly string[];
}

export const PRODUCER = 'HELOC platform document service (pdf-lib)';

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Body text stays above this line; the footer lives below it. */
const CONTENT_BOTTOM = 96;
const FOOTER_SIZE = 7.5;
const BODY_SIZE = 10;
const LINE_FACTOR = 1.35;
const LABEL_COLUMN = 210;
const TEXT_COLOUR = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);

/** Characters outside WinAnsi that documents plausibly contain, mapped to readable equivalents. */
const REPLACEMENTS: Record<string, string> = {
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u2212': '-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2192': '->',
  '\u2713': 'x',
};

export interface TTextOptions {
  bold?: boolean;
  size?: number;
  /** Left indent in points. */
  indent?: number;
  /** Extra space after the block, points (default a third of a line). */
  after?: number;
  muted?: boolean;
}

export type TKeyValueRow = readonly [label: string, value: string];

export class PdfLayout {
  /** Every line drawn, in order. */
  readonly lines: string[] = [];
  private page: PDFPage;
  private y: number;
  private readonly characters: ReadonlySet<number>;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly setup: TDocumentSetup,
  ) {
    // Helvetica and Helvetica-Bold share the WinAnsi character set.
    this.characters = new Set(regular.getCharacterSet());
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  static async create(setup: TDocumentSetup): Promise<PdfLayout> {
    const date = pdfDate(setup.date);
    // updateMetadata: false — pdf-lib would otherwise stamp "now" and its own producer.
    const doc = await PDFDocument.create({ updateMetadata: false });
    const company = setup.org.orgMetaData.companyInfo.companyName;
    doc.setTitle(setup.title, { showInWindowTitleBar: true });
    doc.setAuthor(company);
    doc.setSubject(setup.subject);
    doc.setCreator(company);
    doc.setProducer(PRODUCER);
    doc.setKeywords([...(setup.keywords ?? [])]);
    doc.setLanguage('en-US');
    doc.setCreationDate(date);
    doc.setModificationDate(date);
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    const layout = new PdfLayout(doc, regular, bold, setup);
    layout.text(setup.title, { bold: true, size: 16, after: 4 });
    layout.text(setup.org.orgMetaData.companyInfo.companyName, { muted: true, size: 9, after: 10 });
    return layout;
  }

  /** A section heading, kept on the same page as at least three lines of what follows. */
  heading(text: string): void {
    this.ensureSpace(lineHeight(12) + 3 * lineHeight(BODY_SIZE) + 8);
    this.y -= 6;
    this.text(text, { bold: true, size: 12, after: 4 });
  }

  /** A wrapped paragraph; "\n" starts a new line. */
  text(text: string, options: TTextOptions = {}): void {
    const size = options.size ?? BODY_SIZE;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    for (const line of this.wrap(text, font, size, CONTENT_WIDTH - indent)) {
      this.ensureSpace(lineHeight(size));
      this.y -= size;
      this.draw(line, MARGIN + indent, this.y, font, size, options.muted);
      this.y -= lineHeight(size) - size;
    }
    this.y -= options.after ?? lineHeight(size) / 3;
  }

  paragraphs(texts: readonly string[], options: TTextOptions = {}): void {
    for (const text of texts) this.text(text, options);
  }

  bullets(items: readonly string[], options: TTextOptions = {}): void {
    const indent = (options.indent ?? 0) + 14;
    for (const item of items) {
      this.ensureSpace(lineHeight(BODY_SIZE));
      // The bullet is drawn at the first line's baseline; the item text wraps under itself.
      this.draw('\u2022', MARGIN + indent - 10, this.y - BODY_SIZE, this.regular, BODY_SIZE, false, false);
      this.text(item, { ...options, indent, after: 2 });
    }
    this.y -= 3;
  }

  /** A two-column table: bold label on the left, wrapped value on the right. */
  keyValues(rows: readonly TKeyValueRow[]): void {
    const valueWidth = CONTENT_WIDTH - LABEL_COLUMN;
    for (const [label, value] of rows) {
      const labelLines = this.wrap(label, this.bold, BODY_SIZE, LABEL_COLUMN - 10);
      const valueLines = this.wrap(value, this.regular, BODY_SIZE, valueWidth);
      const rows = Math.max(labelLines.length, valueLines.length);
      if (rows * lineHeight(BODY_SIZE) > PAGE_HEIGHT - MARGIN - CONTENT_BOTTOM) {
        // Taller than a page (a long legal description): label, then the value as a flowing paragraph.
        this.text(label, { bold: true, after: 2 });
        this.text(value, { indent: 14 });
        continue;
      }
      this.ensureSpace(rows * lineHeight(BODY_SIZE));
      const top = this.y;
      labelLines.forEach((line, index) =>
        this.draw(line, MARGIN, top - BODY_SIZE - index * lineHeight(BODY_SIZE), this.bold, BODY_SIZE),
      );
      valueLines.forEach((line, index) =>
        this.draw(
          line,
          MARGIN + LABEL_COLUMN,
          top - BODY_SIZE - index * lineHeight(BODY_SIZE),
          this.regular,
          BODY_SIZE,
        ),
      );
      this.y = top - rows * lineHeight(BODY_SIZE) - 2;
    }
    this.y -= 6;
  }

  /** A signature line with the signer's name and a date line beneath. */
  signatureLine(name: string, caption = 'Signature'): void {
    this.ensureSpace(64);
    this.y -= 30;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + 260, y: this.y },
      thickness: 0.7,
      color: TEXT_COLOUR,
    });
    this.page.drawLine({
      start: { x: MARGIN + 300, y: this.y },
      end: { x: MARGIN + 420, y: this.y },
      thickness: 0.7,
      color: TEXT_COLOUR,
    });
    this.y -= 4;
    this.text(`${caption}: ${name}`, { size: 9, after: 0 });
    this.draw('Date', MARGIN + 300, this.y + lineHeight(9) - 9, this.regular, 9);
    this.y -= 10;
  }

  space(points: number): void {
    this.y -= points;
  }

  pageBreak(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Draws every page's footer, then serialises. */
  async finish(): Promise<TPdfDocument> {
    const pages = this.doc.getPages();
    const info = this.setup.org.orgMetaData.companyInfo;
    const identity = `${info.companyName} | NMLS #${info.companyNMLS}`;
    const contact = `${formatAddress(info.companyAddress)} | ${info.phoneFormatted}`;
    pages.forEach((page, index) => {
      const pageLabel = `Page ${index + 1} of ${pages.length}`;
      page.drawLine({
        start: { x: MARGIN, y: CONTENT_BOTTOM - 14 },
        end: { x: PAGE_WIDTH - MARGIN, y: CONTENT_BOTTOM - 14 },
        thickness: 0.5,
        color: MUTED,
      });
      const pageLabelWidth = this.regular.widthOfTextAtSize(pageLabel, FOOTER_SIZE);
      const footerWidth = CONTENT_WIDTH - pageLabelWidth - 16;
      let y = CONTENT_BOTTOM - 14 - 12;
      for (const line of [
        ...this.wrap(identity, this.regular, FOOTER_SIZE, footerWidth),
        ...this.wrap(contact, this.regular, FOOTER_SIZE, footerWidth),
      ]) {
        this.drawOn(page, line, MARGIN, y, this.regular, FOOTER_SIZE, true);
        y -= lineHeight(FOOTER_SIZE);
      }
      this.drawOn(
        page,
        pageLabel,
        PAGE_WIDTH - MARGIN - pageLabelWidth,
        CONTENT_BOTTOM - 14 - 12,
        this.regular,
        FOOTER_SIZE,
        true,
      );
    });
    const bytes = await this.doc.save();
    return { title: this.setup.title, bytes, lines: [...this.lines], pageCount: pages.length };
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  private ensureSpace(height: number): void {
    if (this.y - height < CONTENT_BOTTOM) this.pageBreak();
  }

  private draw(
    text: string,
    x: number,
    y: number,
    font: PDFFont,
    size: number,
    muted = false,
    record = true,
  ) {
    this.drawOn(this.page, text, x, y, font, size, muted, record);
  }

  private drawOn(
    page: PDFPage,
    text: string,
    x: number,
    y: number,
    font: PDFFont,
    size: number,
    muted = false,
    record = true,
  ): void {
    if (text.length === 0) return;
    page.drawText(text, { x, y, font, size, color: muted ? MUTED : TEXT_COLOUR });
    if (record) this.lines.push(text);
  }

  /** Maps text onto WinAnsi: known replacements, then '?' for anything the font cannot draw. */
  private encodable(text: string): string {
    let out = '';
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (char === '\n' || this.characters.has(code)) out += char;
      else out += REPLACEMENTS[char] ?? '?';
    }
    return out;
  }

  /** Greedy word wrap to `width`; a word longer than a line is split by characters. */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
    const lines: string[] = [];
    for (const paragraph of this.encodable(text).split('\n')) {
      let current = '';
      for (const word of paragraph.split(/ +/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (fits(candidate)) {
          current = candidate;
          continue;
        }
        if (current) lines.push(current);
        current = '';
        let rest = word;
        while (!fits(rest)) {
          let cut = rest.length - 1;
          while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        current = rest;
      }
      lines.push(current);
    }
    return lines;
  }
}

function lineHeight(size: number): number {
  return size * LINE_FACTOR;
}

/** Midnight UTC of the document's date, so the same input always gives the same PDF dates. */
function pdfDate(isoDate: string): Date {
  const date = parseIsoDate(isoDate);
  if (!date) throw new RangeError(`Invalid document date: ${JSON.stringify(isoDate)}`);
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}

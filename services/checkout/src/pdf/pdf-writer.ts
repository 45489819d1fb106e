import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** A4 in PDF points, and the page margin. */
export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 56;
export const GREY = rgb(0.35, 0.35, 0.35);

/** The standard PDF fonts speak WinAnsi: a character outside it (an emoji in a product name) is printed as "?". */
const winAnsi = (s: string) => s.replace(/\u2212/g, '-').replace(/[^\x20-\x7E\xA0-\xFF€‘’“”–—…•]/g, '?');

/** Writes lines top-down on one page after another. */
export class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  text(s: string, opts: { size?: number; bold?: boolean; x?: number; color?: ReturnType<typeof rgb> } = {}) {
    const size = opts.size ?? 10;
    this.room(size + 4);
    this.page.drawText(winAnsi(s), { x: opts.x ?? MARGIN, y: this.y - size, size, font: opts.bold ? this.bold : this.font, color: opts.color ?? rgb(0, 0, 0) });
    this.y -= size + 4;
  }
  /** One row of cells: the first left-aligned at its x, the others right-aligned ending at theirs. */
  row(cells: { text: string; x: number; right?: boolean }[], opts: { bold?: boolean } = {}) {
    const size = 10;
    this.room(size + 5);
    const font = opts.bold ? this.bold : this.font;
    for (const c of cells) {
      const s = winAnsi(c.text);
      const x = c.right ? c.x - font.widthOfTextAtSize(s, size) : c.x;
      this.page.drawText(s, { x, y: this.y - size, size, font });
    }
    this.y -= size + 5;
  }
  gap(points = 10) {
    this.y -= points;
  }
  rule() {
    this.room(6);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 2 }, end: { x: A4[0] - MARGIN, y: this.y - 2 }, thickness: 0.5, color: GREY });
    this.y -= 8;
  }
}

/** A new A4 document in Helvetica with its title and author, and a writer on its first page. */
export async function pdfWriter(title: string, author: string): Promise<{ doc: PDFDocument; w: Writer }> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(author);
  doc.setCreator('Kassa');
  return { doc, w: new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)) };
}

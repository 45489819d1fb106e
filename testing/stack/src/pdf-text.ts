import { inflateSync } from 'node:zlib';

/**
 * The text drawn on a PDF made with pdf-lib's standard fonts, as it sits in the compressed content streams: WinAnsi
 * codes as hex strings. `has(text)` says whether `text` was drawn as one piece (one `drawText`).
 */
export function pdfDrawnText(pdf: Buffer): { has: (text: string) => boolean } {
  const content = [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
    .map((m) => {
      try {
        return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    })
    .join('\n');
  // WinAnsi is Latin-1 but for a few characters, the euro sign (0x80) among them.
  const hex = (s: string) => Buffer.from(s.replace(/€/g, '\x80'), 'latin1').toString('hex').toUpperCase();
  return { has: (text) => content.includes(`<${hex(text)}>`) };
}

import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const BUILD = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'build');
/** A made-up origin the page's requests to are answered here: pdf.js and an empty page, nothing from a network. */
const ORIGIN = 'http://pdf-render.kassa.test';

/**
 * Renders the first page of a PDF to PNG in Chromium with pdf.js (as a browser shows it; no native renderer), saves
 * the picture at `png`, and answers the page's text as pdf.js reads it, pieces joined by spaces.
 */
export async function renderFirstPage(page: Page, pdf: Buffer, png: string): Promise<string> {
  await page.route(`${ORIGIN}/**`, (route) => {
    const file = new URL(route.request().url()).pathname.slice(1);
    if (file === 'pdf.min.mjs' || file === 'pdf.worker.min.mjs') return route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(BUILD, file)) });
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body style="margin:0;background:#fff"></body></html>' });
  });
  await page.goto(`${ORIGIN}/index.html`);
  const text = await page.evaluate(async (bytes) => {
    const pdfjs = (await import(/* @vite-ignore */ `${location.origin}/pdf.min.mjs`)) as typeof import('pdfjs-dist');
    pdfjs.GlobalWorkerOptions.workerSrc = `${location.origin}/pdf.worker.min.mjs`;
    const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
    const first = await doc.getPage(1);
    const viewport = first.getViewport({ scale: 1.5 });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    document.body.append(canvas);
    await first.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
    const content = await first.getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  }, [...pdf]);
  await page.locator('canvas').screenshot({ path: png });
  return text;
}

/**
 * The text a PDF really shows, read back from its bytes: tests that check what a stored document
 * says (not what the generator meant to write) inflate the pages' content streams and decode the
 * hex text operands the PDF layout writes.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

/** Every string shown by one page's content streams, one per line. */
export function pageText(loaded: PDFDocument, pageIndex: number): string {
  const contents: PDFObject | undefined = loaded.getPage(pageIndex).node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  let shown = '';
  for (const ref of refs) {
    const stream = loaded.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) throw new Error('Expected a raw content stream');
    if (stream.dict.get(PDFName.of('Filter')) !== PDFName.of('FlateDecode')) {
      throw new Error('Expected a FlateDecode content stream');
    }
    const operators = inflateSync(stream.contents).toString('latin1');
    for (const match of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      shown += `${Buffer.from(match[1] ?? '', 'hex').toString('latin1')}\n`;
    }
  }
  return shown;
}

/** Every page's shown text of a PDF file. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const loaded = await PDFDocument.load(bytes);
  return loaded
    .getPages()
    .map((_, index) => pageText(loaded, index))
    .join('');
}

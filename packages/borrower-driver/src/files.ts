/** Small files whose content sniffs as what the upload routes accept. */

/** A 1×1 PNG: a readable identity document for the sandbox check. */
export const ID_PNG = {
  fileName: 'license.png',
  contentType: 'image/png',
  bytes: Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  ),
};

/** A minimal PDF, different per title (the same bytes uploaded twice are one document). */
export function documentPdf(title: string): { bytes: Uint8Array; fileName: string; contentType: string } {
  return {
    fileName: `${title.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.pdf`,
    contentType: 'application/pdf',
    bytes: new TextEncoder().encode(
      `%PDF-1.4\n% ${title}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    ),
  };
}

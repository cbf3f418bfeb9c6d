/**
 * The sandbox ID check's test image, as a document vendor publishes test documents: a blank photo
 * (an 8×8 grey PNG) that the check cannot read. It passes the upload's checks (a real PNG), so a
 * borrower — or a browser test, or a demo — can see the failed check and the ID verification
 * condition through the product itself. Any other readable JPEG or PNG is verified. Kept free of
 * imports so tests outside the server can upload the same bytes.
 */
export const SANDBOX_UNREADABLE_ID_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAAAAADhZOFXAAAADklEQVR42mM4AwUMlDEALLEzAYd+cnAAAAAASUVORK5CYII=';

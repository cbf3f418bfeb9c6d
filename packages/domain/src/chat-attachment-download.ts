/**
 * Downloading a chat attachment, shared by the borrower's widget and the staff desk (one piece of
 * code for both). The media answer needs the chat token, a header, so a plain link cannot fetch it:
 * the file is fetched, then handed to the browser through a temporary object URL and a download
 * link. Like chat-socket.ts it knows nothing of the browser's page: the caller hands it the
 * document (to make the link), the media's address (the web puts its API base in front) and the
 * error it throws when the answer is not a file. It lives here, as chat-socket.ts does, because the
 * domain is what the web and the console already share (the console may not import the web, lint
 * says so) and the code needs no framework: a separate browser package for one function was not worth it.
 */

/** The part of the page's document a download uses (a browser `document` stands in for it). */
export interface TDownloadDocument {
  createElement(tagName: 'a'): { href: string; download: string; click(): void };
}

export interface TChatAttachmentDownload {
  /** The media's address: `…/conversations/{sid}/media/{mediaSid}` of the chat service. */
  url: string;
  /** The chat token (the `x-chat-token` header every chat call carries). */
  token: string;
  /** The name the browser saves the file under. */
  filename: string;
  document: TDownloadDocument;
  /** The caller's own error for an answer that is not a file (its HTTP status). */
  failed: (status: number) => Error;
}

/** How long the object URL outlives the click (the browser has started the download by then). */
export const DOWNLOAD_URL_LIFETIME_MS = 10_000;

export async function downloadChatAttachment(options: TChatAttachmentDownload): Promise<void> {
  const response = await fetch(options.url, {
    credentials: 'include',
    headers: { 'x-chat-token': options.token },
  });
  if (!response.ok) throw options.failed(response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = options.document.createElement('a');
  link.href = url;
  link.download = options.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}

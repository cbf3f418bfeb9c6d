import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_URL_LIFETIME_MS, downloadChatAttachment } from './chat-attachment-download';

/** A page document whose download links record what they were clicked with. */
function fakeDocument() {
  const clicks: { href: string; download: string }[] = [];
  return {
    clicks,
    createElement: vi.fn((_tag: 'a') => {
      const link = {
        href: '',
        download: '',
        click: () => clicks.push({ href: link.href, download: link.download }),
      };
      return link;
    }),
  };
}

const URL_OF = '/service-omni-proxy/insecure/api/v1/conversations/CH1/media/ME1';

describe('downloadChatAttachment', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let made: Blob[];
  let revoked: string[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    made = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return `blob:test/${made.length}`;
    });
    revoked = [];
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fetches the media with the chat token and clicks a download link to its bytes under the file name', async () => {
    fetchMock.mockResolvedValue(new Response('My statement\n', { status: 200 }));
    const page = fakeDocument();
    await downloadChatAttachment({
      url: URL_OF,
      token: 'chat-token-1',
      filename: 'statement.txt',
      document: page,
      failed: (status) => new Error(String(status)),
    });

    expect(fetchMock).toHaveBeenCalledWith(URL_OF, {
      credentials: 'include',
      headers: { 'x-chat-token': 'chat-token-1' },
    });
    expect(page.createElement).toHaveBeenCalledWith('a');
    expect(page.clicks).toHaveLength(1);
    const [click] = page.clicks;
    expect(click?.download).toBe('statement.txt');
    // The link points at an object URL of the answer's bytes, revoked 10 s after the click.
    expect(click?.href).toBe('blob:test/1');
    expect(await made[0]?.text()).toBe('My statement\n');
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(DOWNLOAD_URL_LIFETIME_MS - 1);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:test/1']);
  });

  it("throws the caller's error with the status when the answer is not a file, and makes no link", async () => {
    fetchMock.mockResolvedValue(new Response('{"status":404}', { status: 404 }));
    const page = fakeDocument();
    await expect(
      downloadChatAttachment({
        url: URL_OF,
        token: 'chat-token-1',
        filename: 'statement.txt',
        document: page,
        failed: (status) => new Error(`download failed: ${status}`),
      }),
    ).rejects.toThrow('download failed: 404');
    expect(page.createElement).not.toHaveBeenCalled();
    expect(page.clicks).toEqual([]);
    expect(made).toEqual([]);
  });
});

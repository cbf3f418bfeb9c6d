import { describe, expect, it } from 'vitest';
import {
  attachmentsAllowed,
  chatSkill,
  chooseChatMode,
  isAcceptedChatAttachment,
  isAllowedLink,
  linkifyChatText,
} from './chat';
import { isChatSendKey, isSendableChatMessage, isTypingPreviewDue } from './schemas/chat';

describe('chooseChatMode (spec 2 §4)', () => {
  const live = { token: 't', conversationSid: 'c' };
  const bot = { conversationId: 'b' };
  it.each([
    ['a live session wins, even when closed', live, false, 'twilio'],
    ['a live session wins over a chatbot one', { ...live, ...bot }, true, 'twilio'],
    ['a chatbot session, even when open', bot, true, 'chatbot'],
    ['no session, open → live agent', null, true, 'twilio'],
    ['no session, closed → chatbot', null, false, 'chatbot'],
    ['a half live session is no session', { token: 't' }, false, 'chatbot'],
  ] as const)('%s', (_name, session, openNow, expected) => {
    expect(chooseChatMode({ session, openNow })).toBe(expected);
  });
  it('takes the dev mode over everything', () => {
    expect(chooseChatMode({ session: live, openNow: true, devMode: 'chatbot' })).toBe('chatbot');
  });
});

describe('chatSkill', () => {
  it('is CLOC_HELOC for crypto, FHEL for the main organisation, White Label otherwise', () => {
    expect(chatSkill({ isCrypto: true, isMainOrganisation: true })).toBe('CLOC_HELOC');
    expect(chatSkill({ isCrypto: false, isMainOrganisation: true })).toBe('FHEL');
    expect(chatSkill({ isCrypto: false, isMainOrganisation: false })).toBe('White Label');
  });
});

describe('attachments (spec 2 §5)', () => {
  it.each([
    ['a.jpg', true],
    ['a.JPEG', true],
    ['a.png', true],
    ['a.amr', true],
    ['a.mp3', true],
    ['a.mp4', true],
    ['a.pdf', true],
    ['a.txt', true],
    ['a.gif', false],
    ['a.exe', false],
    ['pdf', false],
    ['a.pdf.exe', false],
  ])('%s → %s', (name, accepted) => expect(isAcceptedChatAttachment(name)).toBe(accepted));

  it('allows none in chatbot chats or on the first live message', () => {
    expect(attachmentsAllowed({ mode: 'chatbot', isFirstMessage: false })).toBe(false);
    expect(attachmentsAllowed({ mode: 'twilio', isFirstMessage: true })).toBe(false);
    expect(attachmentsAllowed({ mode: 'twilio', isFirstMessage: false })).toBe(true);
  });

  it('needs text or a file', () => {
    expect(isSendableChatMessage('  \n ', 0)).toBe(false);
    expect(isSendableChatMessage('', 1)).toBe(true);
    expect(isSendableChatMessage('hi', 0)).toBe(true);
  });

  it.each([
    ['Enter sends', { key: 'Enter', shiftKey: false, isComposing: false }, true],
    ['Shift+Enter is a newline', { key: 'Enter', shiftKey: true, isComposing: false }, false],
    [
      'Enter ending an IME composition does not send',
      { key: 'Enter', shiftKey: false, isComposing: true },
      false,
    ],
    ['another key does not send', { key: 'a', shiftKey: false, isComposing: false }, false],
  ])('send key: %s', (_name, event, sends) => {
    expect(isChatSendKey(event)).toBe(sends);
  });

  it('sends a typing preview at most once a second', () => {
    expect(isTypingPreviewDue(0, 999)).toBe(false);
    expect(isTypingPreviewDue(0, 1000)).toBe(true);
    expect(isTypingPreviewDue(5000, 5500)).toBe(false);
  });
});

describe('chat links', () => {
  const hosts = ['harborline.example', 'partner.example'];
  it.each([
    ['https://harborline.example/rates', true],
    ['https://www.harborline.example/', true],
    ['http://partner.example', true],
    ['https://harborline.example.evil.test/', false],
    ['https://evilharborline.example/', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@harborline.example/', false],
    ['ftp://harborline.example/', false],
  ])('%s → %s', (href, allowed) => expect(isAllowedLink(href, hosts)).toBe(allowed));

  it('links only allow-listed URLs and leaves trailing punctuation out', () => {
    expect(
      linkifyChatText('See https://harborline.example/rates. Not https://evil.test/x, ok?', hosts),
    ).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://harborline.example/rates', href: 'https://harborline.example/rates' },
      { kind: 'text', text: '. Not https://evil.test/x, ok?' },
    ]);
  });
});

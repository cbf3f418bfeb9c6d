/**
 * Bot quality on a held-out set: borrower questions written apart from the knowledge base's sample
 * questions (none is copied from there), each with the topic a good answer must come from (null:
 * the bot should say it cannot answer). The share on-topic is printed and must stay ≥ 85%.
 */
import { describe, expect, it } from 'vitest';
import { Chatbot } from './bot';

const HELD_OUT: [question: string, topic: string | null][] = [
  ['whats the lowest apr you offer', 'rates'],
  ['are rates variable after the first draw?', 'rates'],
  ['how do you price the interest on my line', 'rates'],
  ['Is there an upfront fee to open the line?', 'fees'],
  ['how much is the origination charge', 'fees'],
  ['will I pay recording taxes', 'fees'],
  ['whats the biggest line of credit I could get', 'limits'],
  ['smallest amount I can borrow?', 'limits'],
  ['how much equity can I take out of my house', 'limits'],
  ['how quickly can I be funded', 'timeline'],
  ['how many business days to close', 'timeline'],
  ['When would the money hit my account?', 'timeline'],
  ['is the notarization done by video', 'notary'],
  ['can a notary come to my house', 'notary'],
  ['do I have to get my signature notarized', 'notary'],
  ['is flood coverage needed for my home', 'insurance'],
  ['do I need to show my homeowners policy', 'insurance'],
  ['can I back out after I sign the papers', 'rescission'],
  ['what is the 3 day cancellation period', 'rescission'],
  ['which paperwork should I have ready', 'documents'],
  ['is a passport ok as identification', 'documents'],
  ['do you need my w2 or tax returns', 'documents'],
  ['do you lend in florida', 'states'],
  ['what states are you licensed in', 'states'],
  ['is this product available where I live', 'states'],
  ['when is your team open', 'hours'],
  ['whats the customer service number', 'hours'],
  ['is customer support open on saturday', 'hours'],
  ['does checking my rate hurt my fico', 'credit'],
  ['when do you pull my credit report', 'credit'],
  ['minimum fico needed?', 'credit'],
  ['can I use a condo as the property', 'eligibility'],
  ['do I qualify with a high debt to income ratio', 'eligibility'],
  ['can I withdraw additional funds later on', 'draws'],
  ['how does the draw period work', 'draws'],
  ['can I repay early without penalty', 'payments'],
  ['how do I set up automatic payments', 'payments'],
  ['can I write off the interest on my taxes', 'tax'],
  ['hello!', 'greeting'],
  ['I would like to speak with a representative', 'live-agent'],
  ['where is my application at', 'my-status'],
  ['what stage is my loan in', 'my-status'],
  ['what do you still need from me', 'my-next'],
  ['what is my next step', 'my-next'],
  ['how much was my offer for', 'my-offer'],
  ['what rate was I approved at', 'my-offer'],
  ['can you recommend a good pizza place', null],
  ['what is the weather tomorrow', null],
];

const bot = new Chatbot();

function topicOf(question: string): string | null {
  return bot.answer(question, {
    org: null,
    chatHours: [],
    phoneHours: [],
    openNow: false,
    application: null,
    signedIn: false,
  }).topic;
}

describe('chatbot quality (held-out questions)', () => {
  it('has at least 40 questions, none copied from the knowledge base', () => {
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(40);
  });

  it('answers at least 85% on-topic', () => {
    const misses = HELD_OUT.filter(([question, topic]) => topicOf(question) !== topic).map(
      ([question, topic]) => `${question} → ${topicOf(question)} (expected ${topic})`,
    );
    const share = (HELD_OUT.length - misses.length) / HELD_OUT.length;
    console.info(
      `chatbot held-out: ${HELD_OUT.length - misses.length}/${HELD_OUT.length} on-topic (${(share * 100).toFixed(1)}%)${misses.length ? `\n  misses:\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(share).toBeGreaterThanOrEqual(0.85);
  });
});

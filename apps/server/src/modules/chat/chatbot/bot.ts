/**
 * The chatbot: a full-text index (MiniSearch, BM25 with fuzzy and prefix matching) over the
 * knowledge base picks the topic of a question; the answer is written from the organisation's data
 * or, for `my-` topics, from the borrower's own application. Below the score threshold the bot says
 * it cannot answer and offers a live agent (when chat is open) or phone and e-mail.
 */
import MiniSearch from 'minisearch';
import { formatHoursLine } from '@heloc/domain';
import { answerNext, answerOffer, answerStatus, type ApplicationFacts } from './application-context';
import { KNOWLEDGE, contactLine, type KnowledgeContext, type KnowledgeEntry } from './knowledge';

/** Words that carry no topic; removing them keeps "what is the …" from matching everything. */
const STOP_WORDS = new Set(
  "a an and are as at be can could do does for from get got going have how i if in is it me my of on or please so that the there this to was what when which will with would you your yours we our us im i'm".split(
    ' ',
  ),
);

/** Below this relevance the bot does not guess (tuned on the sample questions, checked by the held-out set). */
export const MIN_SCORE = 3;

/** Longest message still read as a greeting. */
const GREETING_MAX_WORDS = 4;

export type BotAnswer = {
  topic: string | null;
  text: string;
  /** True when the bot could not help and a live agent is open. */
  offerLiveAgent: boolean;
};

export type BotContext = KnowledgeContext & {
  openNow: boolean;
  /** The signed-in borrower's application, when the chat is authenticated. */
  application: ApplicationFacts | null;
  signedIn: boolean;
};

/**
 * A light English suffix stripper (notarized → notariz, checking → check, fees → fee), applied to
 * the index and the questions alike, so word forms meet without a full stemmer.
 */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ['ization', 'ation', 'ing', 'ed', 'es', 'ly', 's', 'e']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length);
  }
  return word;
}

type IndexedEntry = { id: number; title: string; questions: string; keywords: string };

export class Chatbot {
  private readonly index: MiniSearch<IndexedEntry>;

  constructor(private readonly entries: readonly KnowledgeEntry[] = KNOWLEDGE) {
    this.index = new MiniSearch<IndexedEntry>({
      fields: ['title', 'questions', 'keywords'],
      processTerm: (term) => {
        const lower = term.toLowerCase().replace(/['’]s$/, '');
        return STOP_WORDS.has(lower) || lower.length === 0 ? null : stem(lower);
      },
      searchOptions: {
        boost: { keywords: 2, title: 1.5, questions: 1 },
        fuzzy: (term) => (term.length > 5 ? 0.2 : false),
        prefix: (term) => term.length > 3,
        combineWith: 'OR',
      },
    });
    this.index.addAll(
      entries.map((entry, id) => ({
        id,
        title: entry.title,
        questions: entry.questions.join(' '),
        keywords: entry.keywords,
      })),
    );
  }

  /** The best topic for a question and its score, or null when nothing matched. */
  classify(question: string): { topic: string; score: number } | null {
    const [best] = this.index.search(question);
    if (!best) return null;
    return { topic: this.entries[best.id]!.topic, score: best.score };
  }

  answer(question: string, context: BotContext): BotAnswer {
    const found = this.classify(question);
    if (!found || found.score < MIN_SCORE) return this.cannotAnswer(context);
    const entry = this.entries.find((candidate) => candidate.topic === found.topic)!;
    // A greeting is a short message; a longer one that merely contains "good" or "thanks" is a question.
    if (entry.topic === 'greeting' && question.trim().split(/\s+/).length > GREETING_MAX_WORDS) {
      return this.cannotAnswer(context);
    }
    if (entry.answer) return { topic: entry.topic, text: entry.answer(context), offerLiveAgent: false };

    if (entry.topic === 'live-agent') {
      return context.openNow
        ? {
            topic: entry.topic,
            text: 'Our agents are available now. Choose "Chat with a live agent" to start a chat with one.',
            offerLiveAgent: true,
          }
        : {
            topic: entry.topic,
            text: `Our agents are away right now. Chat hours: ${formatHoursLine(context.chatHours)}. You can also ${contactLine(context)}.`,
            offerLiveAgent: false,
          };
    }

    // The borrower's own application.
    if (!context.application) {
      const text = context.signedIn
        ? `I could not find an application on your account. You can ${contactLine(context)}.`
        : `Please sign in to your account so I can look at your application. You can also ${contactLine(context)}.`;
      return { topic: entry.topic, text, offerLiveAgent: false };
    }
    const text =
      entry.topic === 'my-status'
        ? answerStatus(context.application)
        : entry.topic === 'my-next'
          ? answerNext(context.application)
          : answerOffer(context.application);
    return { topic: entry.topic, text, offerLiveAgent: false };
  }

  private cannotAnswer(context: BotContext): BotAnswer {
    if (context.openNow) {
      return {
        topic: null,
        text: 'I’m sorry, I don’t have an answer to that. A live agent can help: choose "Chat with a live agent".',
        offerLiveAgent: true,
      };
    }
    return {
      topic: null,
      text: `I’m sorry, I don’t have an answer to that. Please ${contactLine(context)}; our phone hours are ${formatHoursLine(context.phoneHours)}.`,
      offerLiveAgent: false,
    };
  }
}

/**
 * Business constants and limits (spec 1 §9, spec 2 §9) and the exact UI texts more than one screen
 * or both web and server use. Money is integer cents, rates basis points, durations milliseconds.
 * The HTTP timeout and the jwt storage key live in http.ts.
 */
import type { TChatAlertLevel } from './enums';
import { DEFAULT_PRICING } from './organisation';

// ---------------------------------------------------------------------------------------------
// Disclosed loan terms and costs (the disclosure facts are the platform pricing defaults)
// ---------------------------------------------------------------------------------------------

/** $15,000 */
export const LOAN_AMOUNT_MIN_CENTS = DEFAULT_PRICING.minLineCents;
/** $400,000 */
export const LOAN_AMOUNT_MAX_CENTS = DEFAULT_PRICING.maxLineCents;
/** 7.60% */
export const APR_MIN_BPS = DEFAULT_PRICING.aprMinBps;
/** 17.20% */
export const APR_MAX_BPS = DEFAULT_PRICING.aprMaxBps;
/** 4.99% of the initial draw. */
export const ORIGINATION_FEE_MAX_BPS = DEFAULT_PRICING.originationFeeMaxBps;
/** $180, charged only when no automated valuation is available. */
export const VALUATION_FEE_CENTS = 18_000;
/** $300 */
export const MANUAL_NOTARY_FEE_CENTS = 30_000;
/** Recording fees $0–$315. */
export const RECORDING_FEE_MIN_CENTS = 0;
export const RECORDING_FEE_MAX_CENTS = 31_500;
/** Recording taxes $0–$1,400 per $100,000 borrowed. */
export const RECORDING_TAX_MIN_CENTS_PER_100K = 0;
export const RECORDING_TAX_MAX_CENTS_PER_100K = 140_000;
export const RECORDING_TAX_BASIS_CENTS = 10_000_000;

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

export const LOCALE = 'en-US';
export const CURRENCY = 'USD';
export const CURRENCY_DEFAULT_DECIMALS = 0;
export const PERCENT_DEFAULT_DECIMALS = 1;
/** date-fns style tokens, for libraries that take a pattern. */
export const DATE_DISPLAY_FORMAT = 'MM/dd/yyyy';
export const ISO_DATE_FORMAT = 'yyyy-MM-dd';
/** Operating hours are shown in Pacific time. */
export const OPERATING_HOURS_TIME_ZONE = 'America/Los_Angeles';
/** Theme colour scale steps (50–800). */
export const COLOR_SCALE_STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800] as const;

// ---------------------------------------------------------------------------------------------
// Polling, caching, timing (milliseconds)
// ---------------------------------------------------------------------------------------------

/** Status polling: 1000 ms doubling per attempt, capped at 5000 ms. */
export const STATUS_POLL_BASE_DELAY_MS = 1000;
export const STATUS_POLL_MAX_DELAY_MS = 5000;
/** Attempts before giving up (result UNKNOWN): settled statuses 7, waiting statuses 14. */
export const STATUS_POLL_SETTLED_ATTEMPTS = 7;
export const STATUS_POLL_WAITING_ATTEMPTS = 14;
export const STATUS_STALE_TIME_MS = 250;

export const CONDITIONS_POLL_INTERVAL_MS = 60_000;
export const CHAT_HOURS_POLL_INTERVAL_MS = 60_000;
/** Borrower-authenticated chat refreshes its nonce this often. */
export const CHAT_AUTH_REFRESH_INTERVAL_MS = 60_000;
export const LOAN_ORIGINATOR_CACHE_MS = 10 * 60_000;

export const WEBSOCKET_PING_INTERVAL_MS = 10_000;
/** Websocket keep-alive/lifetime. */
export const WEBSOCKET_LIFETIME_MS = 12 * 60 * 60_000;
export const LIVE_CHAT_TOKEN_LIFETIME_MS = 6 * 60 * 60_000;
/** Chatbot session, extended on each question. */
export const CHATBOT_SESSION_MS = 10 * 60_000;
export const CHAT_HISTORY_INITIAL_COUNT = 20;
export const CHAT_TYPING_PREVIEW_INTERVAL_MS = 1000;
export const CHAT_WAITING_DOTS_INTERVAL_MS = 400;

export const NOTIFICATIONS_SHOWN_DEFAULT = 3;
export const NOTIFICATIONS_UNREAD_CAP = 8;
/** Relative times older than this show month and day instead. */
export const RELATIVE_TIME_MAX_WEEKS = 4;

export const COPY_CONFIRMATION_MS = 1000;
export const TOOLTIP_CLOSE_DELAY_MS = 200;
export const LOADER_HIDE_DELAY_MS = 300;
export const PROCESSING_MODAL_TIMEOUT_MS = 30_000;
export const SURVEY_EXIT_DELAY_MS = 750;
export const A11Y_STATUS_CLEAR_MS = 300;
export const MAX_VISIBLE_TOASTS = 5;

/** Dynamic screen load failure: reload up to 5 times (counter in session storage), then fall back. */
export const PAGE_RELOAD_RETRY_LIMIT = 5;
export const RETRY_DEFAULT_ATTEMPTS = 5;
export const RETRY_INITIAL_DELAY_MS = 1000;
export const TELEMETRY_SESSION_RETRIES = 3;
export const TELEMETRY_LIB_VERSION = '2.2.23';
/** Monitoring samples every session (percent) and records no session replay. */
export const MONITORING_SAMPLE_RATE = 100;
export const MONITORING_SESSION_REPLAY_SAMPLE_RATE = 0;

// ---------------------------------------------------------------------------------------------
// Display limits
// ---------------------------------------------------------------------------------------------

export const PDF_VIEWER_MAX_WIDTH_PX = 700;
/** The last page counts as "scrolled to the bottom" once this fraction of it is visible. */
export const PDF_SCROLL_BOTTOM_VISIBILITY = 0.25;
export const ACCOUNT_MASK_VISIBLE_CHARS = 4;
export const DEFAULT_SUPPORT_PHONE = '888-819-6388';

/** Form limits (spec 2 §5, §9). */
export const NAME_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 128;
export const CHATBOT_FEEDBACK_MAX_LENGTH = 140;
export const CEO_FEEDBACK_MIN_LENGTH = 10;
export const CEO_FEEDBACK_MAX_LENGTH = 1000;
/** Accepted chat attachment extensions (live chat only, never on the first message). */
export const CHAT_ATTACHMENT_EXTENSIONS = ['jpg', 'png', 'amr', 'mp3', 'mp4', 'pdf', 'txt'] as const;

// ---------------------------------------------------------------------------------------------
// Storage keys, query parameters, paths, flags
// ---------------------------------------------------------------------------------------------

export const TELEMETRY_TRACKER_UUID_STORAGE_KEY = 'telemetry_trackerUuid';
export const HELOC_UUID_STORAGE_KEY = 'heloc_uuid';
/** Local storage key for the DDP_Pilot query value (the spec names no key; the parameter name is reused). */
export const DDP_PILOT_STORAGE_KEY = 'DDP_Pilot';
/** Session storage counter of dynamic-load reloads (key ours). */
export const PAGE_RELOAD_COUNT_STORAGE_KEY = 'heloc_page_reload_count';

export const QUERY_PARAMS = {
  popWebchat: 'pop-webchat',
  mode: 'mode',
  utmSource: 'utm_source',
  ddpPilot: 'DDP_Pilot',
  userToken: 'userToken',
  referrer: 'referrer',
  redirectUrl: 'redirectUrl',
  step: 'step',
  maintenance: 'maintenance',
} as const;
/** utm_source value that marks a crypto HELOC for anonymous visitors. */
export const CRYPTO_UTM_SOURCE = 'cloc';

export const ROUTER_BASE_PATH = '/account/heloc';
export const SIGNER_BASE_PATH = '/heloc-signer';
export const LOGIN_PATH = '/auth/login';
/** Account recovery (issue 19): ask for a reset link, then set a new password from it. */
export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';
export const RESET_PASSWORD_PATH = '/auth/reset-password';
export const DASHBOARD_PATH = '/dashboard';

/**
 * The id of the JSON script element in which the server hands a page its visitor's feature decisions
 * (`{ organization, application, features }`, the answer `POST …/api/v1/features` gives that user),
 * so the first screen need not wait for the call before the maintenance gate opens (issue 17).
 */
export const PAGE_FEATURE_FLAGS_ELEMENT_ID = 'page-feature-flags';

export const FEATURE_FLAGS = {
  webchat: 'fe-webchat',
  maintenance: 'fe-heloc-maintenance',
  additionalSignerConditions: 'fe-heloc-additional-signer-conditions',
  /** Portfolio Manager link in the side bar and apps menu (spec 1 §6 "visible only when enabled"). */
  portfolioManager: 'fe-portfolio-manager',
  /** Brokers use the agent identity service instead of the customer one (spec 1 §6 "Broker"). */
  brokerIdentity: 'fe-heloc-broker-identity',
  /** Borrower authentication for chat (spec 2 §6: "gated by a feature flag (name not shown)"; name ours). */
  webchatBorrowerAuth: 'fe-webchat-borrower-auth',
} as const;

/** Local storage: the chat session (spec 2 §3 "Chat session (stored locally)") and the open flag (keys ours). */
export const CHAT_SESSION_STORAGE_KEY = 'heloc_chat_session';
export const CHAT_OPEN_STORAGE_KEY = 'heloc_chat_open';

/** Chat routing skill: crypto, the main organisation, everyone else. */
export const CHAT_SKILLS = { crypto: 'CLOC_HELOC', main: 'FHEL', whiteLabel: 'White Label' } as const;

export const ERROR_FALLBACK_EVENT = 'HELOC: Error Fallback';

// ---------------------------------------------------------------------------------------------
// UI texts (word for word from the spec)
// ---------------------------------------------------------------------------------------------

export const REQUIRED_MESSAGE = 'Required';

export const VALIDATION_MESSAGES = {
  required: REQUIRED_MESSAGE,
  nameTooLong: 'Cannot be more than 128 characters',
  /** The spec caps e-mail at 128 like the name; it gives no text, so the name's text is reused. */
  emailTooLong: 'Cannot be more than 128 characters',
  /** Not given by the spec (ours). */
  emailInvalid: 'Please enter a valid email address',
  selectReason: 'Please select a reason',
  feedbackTooLong: 'Please restrict your response to 140 characters.',
  messageTooShort: 'Must be at least 10 characters',
  messageTooLong: 'Must be at most 1000 characters',
  /** Not given by the spec (ours). */
  invalidPhone: 'Please enter a valid phone number',
  /** Not given by the spec (ours). */
  invalidUuid: 'Must be a valid UUID',
  /** Not given by the spec (ours). */
  invalidDate: 'Please enter a valid date (MM/DD/YYYY)',
} as const;

export const ERROR_FALLBACK_TITLE = 'Sorry, looks like we have hit a snag!';
export const ERROR_FALLBACK_TRY_AGAIN = 'Try again';
export const ERROR_FALLBACK_GO_TO_DASHBOARD = 'Go to dashboard';
export const NO_PRIVATE_LABEL_DATA = 'No private label data found.';
export const MAINTENANCE_DEFAULT_TITLE = 'Scheduled Maintenance';
export const MAINTENANCE_DEFAULT_MESSAGE =
  'We are currently undergoing scheduled maintenance. Please check back shortly. Thank you for your patience!';

export const NO_NOTIFICATIONS = 'No Notifications';
export const NOTIFICATIONS_VIEW_ALL = 'View All';
export const NOTIFICATIONS_VIEW_LESS = 'View Less';
export const APPLICATION_PROGRESS_TITLE = 'Application Progress';
export const APPLICATION_PROGRESS_DEFAULT_TEXT =
  'Complete the loan process today and get funded in as little as five days.';
export const OFFER_DETAILS_TITLE = 'Your Offer Details';
export const WALLET_ADDRESS_COPIED = 'Wallet Address Copied!';
export const LOCATION_ALERT_TITLE = 'Why We Need Your Location';

export const LOAN_ORIGINATOR_TEXTS = {
  brokerHeading: 'Your Broker',
  loanOfficerHeading: 'Your Loan Officer',
  nmlsPrefix: 'NMLS #',
} as const;

export const CHAT_TEXTS = {
  launcher: 'Chat with us',
  waitingForAgent: 'Waiting for next available agent',
  startNewChat: 'Start new chat',
  takeSurvey: 'Take the survey',
  badResponseTitle: 'Tell us more',
} as const;
export const CEO_FEEDBACK_TITLE = 'Share your thoughts with our CEO';

export interface TChatAlert {
  level: TChatAlertLevel;
  message: string;
}
/** Chat alerts (spec 2 §8); they clear on close or on a new submit. */
export const CHAT_ALERTS = {
  connectionLost: { level: 'warning', message: 'Connection lost. Attempting to reconnect.' },
  generic: { level: 'error', message: 'Something went wrong. Please try again later.' },
  invalidToken: { level: 'warning', message: 'Token state is invalid.' },
  sendFailed: { level: 'error', message: 'Something went wrong. Please try resending the message.' },
} as const satisfies Record<string, TChatAlert>;

/** Error texts of spec 2 §8 (the default combined text is DEFAULT_ERROR_MESSAGE in http.ts). */
export const ERROR_TEXTS = {
  telemetrySessionRetriesFailed: 'An error occurred while establishing a session, retries failed.',
  telemetrySessionFailed: 'Could not establish session.',
  profileFetchFailed: 'Failed to fetch profile details.',
  userNotFound: 'User not found',
  devLoginFailed: 'Something unexpected happened logging you in.',
} as const;

/**
 * Registration with an e-mail that already has an account (the spec leaves the wording open): the
 * answer does not say that an account exists; the address's owner gets an e-mail instead.
 */
export const REGISTRATION_EMAIL_UNAVAILABLE = 'We could not create an account with this email';

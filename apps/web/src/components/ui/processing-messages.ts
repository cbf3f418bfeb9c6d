/** The processing modal's texts and timing, apart from the modal itself (loaded on demand). */
/** How long each rotating message stays (ours: the spec gives only the 30000 ms timeout). */
export const PROCESSING_MESSAGE_INTERVAL_MS = 5000;

export const PROCESSING_TIMEOUT_MESSAGE =
  'This is taking longer than usual. Your progress is saved: you can keep this page open and we will ' +
  'move you along as soon as we are done, or come back later and pick up where you left off.';

export const DEFAULT_PROCESSING_MESSAGES = [
  'Processing your information…',
  'Checking the details with our partners…',
  'Almost there…',
] as const;

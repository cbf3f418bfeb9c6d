/**
 * File sizes as bytes, KB or MB (spec 2 §9), binary multiples (1 KB = 1024 bytes) as operating
 * systems show them. KB and MB carry at most one decimal, without a trailing ".0".
 */

const KB = 1024;
const MB = KB * 1024;

function oneDecimal(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** 0 → "0 bytes", 1 → "1 byte", 1536 → "1.5 KB", 5 * 1024 * 1024 → "5 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`Invalid file size: ${bytes}`);
  const whole = Math.round(bytes);
  if (whole < KB) return `${whole} ${whole === 1 ? 'byte' : 'bytes'}`;
  // Promote when rounding would show "1024 KB".
  if (Math.round((whole / KB) * 10) / 10 < KB) return `${oneDecimal(whole / KB)} KB`;
  return `${oneDecimal(whole / MB)} MB`;
}

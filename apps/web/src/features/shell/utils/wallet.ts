/** "0x1234567890abcdef…" → "0x1234…cdef": enough to recognise an address in a narrow menu. */
export function shortWalletAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** How the console's screens show times and money (the file, its conditions and decisions). */
import { formatCurrency } from '@heloc/domain';

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '–');
export const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '–' : formatCurrency(cents);

/** Spec 1 §2: mobile is below 768px, where the bell opens the notifications drawer instead of a popover. */
export const MOBILE_QUERY = '(max-width: 47.99em)';

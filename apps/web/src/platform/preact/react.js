/**
 * What `react` resolves to in the borrower app's build and unit tests (vite.config.ts): Preact's React
 * compatibility layer (~11 KB gzip where react-dom was ~64 KB, issue 17), plus React 19.2's
 * <Activity>, which preact/compat lacks and Mantine imports for its `keepMounted` transitions and
 * collapses. Plain JavaScript: the app is type-checked against React's own types (@types/react), and
 * preact/compat's typings (`export =`) cannot be re-exported from a TypeScript module.
 */
import { createElement } from 'preact';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * <Activity mode="hidden"> keeps its children mounted (their state survives) and hides them; React also
 * pauses their effects, which this does not. The wrapper is `display: contents` while visible, so it
 * adds no box of its own to the layout.
 *
 * @param {{ mode?: 'visible' | 'hidden', children?: import('preact').ComponentChildren }} props
 */
export function Activity({ mode = 'visible', children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}

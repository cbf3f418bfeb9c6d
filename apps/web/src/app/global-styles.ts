/**
 * Mantine's base styles, first in the bundle; each component file imports the CSS of the Mantine
 * components it uses, so a screen ships only the styles it needs (the full sheet is ~42 KB gzip).
 * The default variables stay a static sheet: leaving them out and letting the provider write every
 * variable (`deduplicateCssVariables={false}`, ~4 KB gzip less) made the page slower to follow a write
 * (issue 17: the pre-offer browser tests' short waits were missed), so the 4 KB were not worth it.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';

/**
 * Mantine's base styles, first in the bundle; each component file imports the CSS of the Mantine
 * components it uses, so a screen ships only the styles it needs (the full sheet is ~42 KB gzip).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';

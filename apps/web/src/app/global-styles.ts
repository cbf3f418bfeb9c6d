/**
 * Mantine's base styles, first in the bundle; each component file imports the CSS of the Mantine
 * components it uses, so a screen ships only the styles it needs (the full sheet is ~42 KB gzip).
 * Not Mantine's default-css-variables.css (~4 KB gzip on every first screen): the provider writes
 * every theme variable itself (`deduplicateCssVariables={false}` in app/provider.tsx), which it does
 * for the brand's variables anyway, so the static copy of the defaults would only be sent twice.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';

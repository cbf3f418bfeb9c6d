/** Entry point of the operations app (agent desk). */
import '@mantine/core/styles.css';
import './readable.css';
import { MantineProvider, createTheme } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

// Shade 8 keeps white-on-primary and primary-on-white text at WCAG AA contrast.
const theme = createTheme({ primaryShade: 8 });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <App />
    </MantineProvider>
  </StrictMode>,
);

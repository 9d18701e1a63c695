import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@fontsource/noto-sans-bengali/400.css';
import '@fontsource/noto-sans-bengali/500.css';
import '@fontsource/noto-sans-bengali/700.css';
import './app/focus.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AccessGate } from './app/access-gate';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AccessGate>
        <App />
      </AccessGate>
    </StrictMode>,
  );
}

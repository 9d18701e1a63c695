import './styles/mantine.css';
import './styles/fonts.css';
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

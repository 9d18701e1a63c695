import './styles/mantine.css';
import './styles/fonts.css';
import './app/focus.css';
import { languageReady } from './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AccessGate } from './app/access-gate';

const root = document.getElementById('root');
// English is ready at once; a saved BN waits for its chunk, so the first paint is in the visitor's language.
void languageReady.then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <AccessGate>
        <App />
      </AccessGate>
    </StrictMode>,
  );
});

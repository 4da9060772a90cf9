import { installValidationMessages } from '@mc/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

// the contracts install these when they load; a bundler may drop that side effect, so say it here
installValidationMessages();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index.ts';
import './app/global.css';
import { App } from './app/App.tsx';
import { captureErrors } from './app/error-capture.ts';

captureErrors();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

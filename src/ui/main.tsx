import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import './styles/tokens.css';
import './styles/base.css';
import './styles/controls.css';
import './styles/menu.css';
import './styles/auth.css';
import './styles/shell.css';
import './styles/pages.css';
import './styles/data.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

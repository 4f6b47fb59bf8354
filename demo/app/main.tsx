import { createRoot } from 'react-dom/client';
import 'react-agent-messages/styles.css';
import './demo.css';
import { App } from './app.js';

// Not wrapped in <React.StrictMode>: under its effect replay the confirmation prompt's arm timer
// is lost and the prompt never accepts a click (use-activation-guard.ts; reported).
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);

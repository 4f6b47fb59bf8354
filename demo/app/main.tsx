import * as React from 'react';
import { createRoot } from 'react-dom/client';
import type { SafetyOptions } from 'react-agent-messages';
import { AgentMessagesProvider } from 'react-agent-messages';
import 'react-agent-messages/styles.css';
import './demo.css';
import { App } from './app.js';

// The agent serves its generated media here. Allow-listing the path lets images load at once and
// PDFs preview in a frame; anything else the model links to still waits for a click.
const safety: SafetyOptions = { mediaAllowlist: [`${location.origin}/media/`] };

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <React.StrictMode>
      <AgentMessagesProvider safety={safety}>
        <App />
      </AgentMessagesProvider>
    </React.StrictMode>,
  );
}

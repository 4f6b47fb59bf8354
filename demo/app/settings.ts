/*
 * Page settings that survive a reload: the protocol the chat speaks, the theme (`data-theme` on <html>: the library's components
 * are light unless told otherwise, so the demo always tells them, the saved choice or else the
 * OS preference), the agent's typing speed, and the chat session's id (in the URL, so a reload
 * reconnects to the same session and a link opens it).
 */
import * as React from 'react';

export type Theme = 'light' | 'dark';
export type Speed = 'slow' | 'realistic' | 'fast' | 'firehose';
export const SPEEDS: readonly Speed[] = ['slow', 'realistic', 'fast', 'firehose'];

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: the setting lasts for this page only.
  }
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = React.useState<Theme>(() => {
    const saved = stored('ram-demo-theme');
    if (saved === 'light' || saved === 'dark') return saved;
    return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  });
  // Before paint: index.html starts on `auto`, so a dark OS sees no light frame either way.
  React.useLayoutEffect(() => {
    document.documentElement.dataset['theme'] = theme;
    store('ram-demo-theme', theme);
  }, [theme]);
  return [theme, setTheme];
}

export function useSpeed(): [Speed, (speed: Speed) => void] {
  const [speed, setSpeed] = React.useState<Speed>(() => {
    const saved = new URLSearchParams(location.search).get('speed') ?? stored('ram-demo-speed');
    return SPEEDS.find((s) => s === saved) ?? 'realistic';
  });
  React.useEffect(() => store('ram-demo-speed', speed), [speed]);
  return [speed, setSpeed];
}

function newSessionId(): string {
  return `s-${crypto.randomUUID().slice(0, 8)}`;
}

/** The chat session in `?session=`; a new one is made (and written to the URL) when missing. */
export function useSessionId(): [string, () => void] {
  const [id, setId] = React.useState(() => {
    const params = new URLSearchParams(location.search);
    return params.get('session') ?? newSessionId();
  });
  React.useEffect(() => {
    const url = new URL(location.href);
    if (url.searchParams.get('session') === id) return;
    url.searchParams.set('session', id);
    history.replaceState(null, '', url);
  }, [id]);
  const restart = React.useCallback(() => setId(newSessionId()), []);
  return [id, restart];
}

/** The protocol the chat speaks: AgentScope's session stream, the AI SDK's or AG-UI's runs. */
export type ChatProtocolChoice = 'agentscope' | 'ai-sdk' | 'ag-ui';
export const CHAT_PROTOCOLS: readonly { id: ChatProtocolChoice; label: string }[] = [
  { id: 'agentscope', label: 'AgentScope' },
  { id: 'ai-sdk', label: 'AI SDK' },
  { id: 'ag-ui', label: 'AG-UI' },
];

/** The chat's protocol, in `?protocol=` so that a reload or a link keeps it. */
export function useChatProtocol(): [ChatProtocolChoice, (protocol: ChatProtocolChoice) => void] {
  const [protocol, setProtocol] = React.useState<ChatProtocolChoice>(() => {
    const asked = new URLSearchParams(location.search).get('protocol');
    return CHAT_PROTOCOLS.find((choice) => choice.id === asked)?.id ?? 'agentscope';
  });
  React.useEffect(() => {
    const url = new URL(location.href);
    if ((url.searchParams.get('protocol') ?? 'agentscope') === protocol) return;
    url.searchParams.set('protocol', protocol);
    history.replaceState(null, '', url);
  }, [protocol]);
  return [protocol, setProtocol];
}

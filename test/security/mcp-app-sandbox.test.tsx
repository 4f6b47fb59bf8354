/*
 * An MCP App frame is untrusted code: it runs in a sandbox without `allow-same-origin` (an
 * opaque origin of its own), under the CSP its resource declares and nothing more. Each test
 * loads a hand-written hostile app into the real host bridge and watches what it could reach:
 * the request-counting server must see nothing the CSP did not allow.
 */
import * as React from 'react';
import { beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page } from 'vitest/browser';
import { appRoot, collectLogs, Frame, optionsFor, probeApp } from './mcp-app-frames.js';

const probe = inject('probeUrl');
const count = async (key: string) => Number(await (await fetch(`${probe}/count/${key}`)).text());
// A frame loads the bridge and its app first: generous waits for a busy machine.
const WAIT = { timeout: 20_000 };
const key = () => `k${Math.random().toString(36).slice(2)}`;

// The official transport logs each message at debug level.
beforeEach(() => void vi.spyOn(console, 'debug').mockImplementation(() => undefined));

describe('MCP App frame sandbox', { timeout: 60_000 }, () => {
  it('runs scripts without allow-same-origin, the CSP first in its document', async () => {
    const { logs, onLog } = collectLogs();
    await render(
      <Frame options={optionsFor(probeApp(`log(String(window.origin));`), { onLog })} />,
    );
    await expect.poll(() => logs, WAIT).toContain('null');
    const frame = page.getByTitle('App: probe').element() as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.srcdoc).toMatch(/^<!DOCTYPE html><meta http-equiv="Content-Security-Policy"/);
    expect(appRoot().dataset['state']).toBe('ready');
  });

  it('the CSP blocks what the resource did not declare: the server counts no request', async () => {
    const k = key();
    const { logs, onLog } = collectLogs();
    const body = `
      const img = new Image(); img.src = '${probe}/hit/${k}';
      try { await fetch('${probe}/hit/${k}'); log('fetch-ok'); } catch { log('fetch-blocked'); }
      try { new WebSocket('${probe.replace('http', 'ws')}/hit/${k}'); } catch {}
      navigator.sendBeacon?.('${probe}/hit/${k}');
      log('done');`;
    // The app's own markup tries too, before any script.
    const head = `<link rel="stylesheet" href="${probe}/hit/${k}"><script src="${probe}/hit/${k}"></script>`;
    await render(<Frame options={optionsFor(probeApp(body, head), { onLog })} />);
    await expect.poll(() => logs, WAIT).toContain('done');
    expect(logs).toContain('fetch-blocked');
    expect(await count(k)).toBe(0);
  });

  it('an origin the resource declares in _meta.ui.csp is reachable (the same probe, allowed)', async () => {
    const k = key();
    const { logs, onLog } = collectLogs();
    const body = `try { await fetch('${probe}/hit/${k}'); log('fetch-ok'); } catch { log('fetch-blocked'); }`;
    const meta = { ui: { csp: { connectDomains: [probe] } } };
    await render(<Frame options={optionsFor(probeApp(body), { onLog }, meta)} />);
    await expect.poll(() => logs, WAIT).toContain('fetch-ok');
    expect(await count(k)).toBe(1);
  });

  it('blocks top navigation, popups, storage and cookies', async () => {
    const { logs, onLog } = collectLogs();
    const before = window.location.href;
    const body = `
      try { top.location.href = 'about:blank#escaped'; log('top-navigated'); } catch { log('top-blocked'); }
      log(window.open('about:blank') === null ? 'popup-blocked' : 'popup-opened');
      try { localStorage.setItem('a', '1'); log('storage-open'); } catch { log('storage-blocked'); }
      try { document.cookie = 'a=1'; log(document.cookie ? 'cookie-set' : 'cookie-blocked'); } catch { log('cookie-blocked'); }
      log('done');`;
    await render(<Frame options={optionsFor(probeApp(body), { onLog })} />);
    await expect.poll(() => logs, WAIT).toContain('done');
    expect(logs).toEqual(
      expect.arrayContaining(['top-blocked', 'popup-blocked', 'storage-blocked', 'cookie-blocked']),
    );
    expect(window.location.href).toBe(before);
  });

  it('ignores messages from another window, and answers the frame itself', async () => {
    const onCallTool = vi.fn(() => ({ content: [{ type: 'text', text: 'ran' }] }));
    const { logs, onLog } = collectLogs();
    const body = `
      const answer = await request('tools/call', { name: 'own', arguments: {} });
      log(answer.result ? 'own-answered' : 'own-refused');`;
    await render(<Frame options={optionsFor(probeApp(body), { onLog, onCallTool })} />);
    await expect.poll(() => logs, WAIT).toContain('own-answered');
    expect(onCallTool).toHaveBeenCalledTimes(1);
    // Another frame on the page speaks the same protocol to the host.
    const other = document.createElement('iframe');
    other.setAttribute('sandbox', 'allow-scripts');
    other.srcdoc = `<script>
      for (let i = 0; i < 5; i++) {
        parent.postMessage({ jsonrpc: '2.0', id: 100 + i, method: 'tools/call', params: { name: 'forged' } }, '*');
        parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 777 } }, '*');
      }
      parent.postMessage('forged-done', '*');
    </script>`;
    const forgedDone = new Promise<void>((resolve) =>
      window.addEventListener('message', (e) => e.data === 'forged-done' && resolve()),
    );
    document.body.append(other);
    await forgedDone;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onCallTool).toHaveBeenCalledTimes(1);
    expect(page.getByTitle('App: probe').element().getBoundingClientRect().height).not.toBe(777);
    other.remove();
  });

  it('contains a flood: the frame is removed and the block is shown', async () => {
    const onLog = vi.fn();
    const body = `for (let i = 0; i < 20000; i++) notify('notifications/message', { level: 'info', data: i });`;
    await render(<Frame options={optionsFor(probeApp(body), { onLog })} />);
    await expect.element(page.getByRole('status'), WAIT).toHaveTextContent(/too many messages/);
    expect(appRoot().dataset['state']).toBe('blocked');
    expect(document.querySelector('[data-slot="mcp-app-frame"]')).toBeNull();
    expect(onLog.mock.calls.length).toBeLessThan(20000);
  });

  it('a frame that never starts says so, and is removed', async () => {
    const html = '<!DOCTYPE html><p>I never call ui/initialize</p>';
    await render(<Frame options={optionsFor(html, { startTimeoutMs: 300 })} />);
    await expect
      .element(page.getByRole('status'), WAIT)
      .toHaveTextContent('The app did not start.');
    expect(appRoot().dataset['state']).toBe('timeout');
    expect(document.querySelector('[data-slot="mcp-app-frame"]')).toBeNull();
  });
});

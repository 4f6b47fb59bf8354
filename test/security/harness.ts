/*
 * Traps for the hostile-input suite, all in the page (no Playwright routing, no config):
 *
 *   script   a strict Content-Security-Policy (no 'unsafe-inline', no 'unsafe-eval') inserted as a
 *            <meta>, with a `securitypolicyviolation` listener: an inline <script>, an `on*`
 *            attribute or a `javascript:` navigation is blocked *and* recorded. Behind it:
 *            alert/confirm/prompt/print/window.open hooks and a `window.__ramPwned` flag that
 *            every payload tries to set, plus a DOM scan for <script>, `on*` attributes and
 *            links whose scheme is not http(s)/mailto.
 *   request  the same CSP blocks every image, media, frame, font, style and connection
 *            outside this origin and `data:`, and reports each attempt; a PerformanceObserver
 *            sees any resource that got through; fetch/XMLHttpRequest/sendBeacon/WebSocket/
 *            EventSource are wrapped; and a DOM scan flags every element that *would* fetch
 *            (an `<img loading=lazy>` off screen, a `<video preload=none>`) before it does.
 *   time     `settle` measures render plus a forced layout; `prototypeFingerprint` the built-ins.
 *
 * Each test file runs in its own iframe, so the policy lasts for that file only.
 */

/** The app's allow-list in every case unless the case sets its own. */
export const ALLOWED_MEDIA_PREFIX = 'https://cdn.allowed.test/images/';

/** Milliseconds a case may take to render and lay out: a freeze guard, not a benchmark. */
export const TIME_BUDGET_MS = 3000;

// The policy an app should serve, and under which Vitest itself runs fine: no 'unsafe-inline',
// no 'unsafe-eval', no 'wasm-unsafe-eval'. style-src has no 'unsafe-inline' either: React sets
// `style` through the CSSOM, which CSP does not govern, while a `style` attribute or a <style>
// element parsed from markup is refused and reported.
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'report-sample'",
  "style-src 'self' 'report-sample'",
  "img-src 'self' data:",
  "media-src 'self' data:",
  "frame-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export interface Trapped {
  kind: 'script' | 'request' | 'dialog' | 'markup';
  detail: string;
}

/** Every URL the page tried to fetch since `resetTraps`, allow-listed or not. */
const attempted: string[] = [];

interface RamWindow {
  __ramPwned?: unknown;
}

const records: Trapped[] = [];
let allowPrefixes: readonly string[] = [ALLOWED_MEDIA_PREFIX];
let installed = false;

/** True when fetching `url` needs no user action: this origin, `data:`, or an allow-listed prefix. */
export function isAllowedRequest(url: string, prefixes = allowPrefixes): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, document.baseURI);
  } catch {
    return false;
  }
  if (parsed.protocol === 'data:') return true;
  if (parsed.origin === location.origin) return true;
  return prefixes.some((prefix) => parsed.href.startsWith(prefix));
}

function record(kind: Trapped['kind'], detail: string) {
  records.push({ kind, detail });
}

function recordRequest(url: string, how: string) {
  if (/^https?:|^wss?:|^blob:|^file:/i.test(url)) attempted.push(url);
  if (!isAllowedRequest(url)) record('request', `${how} ${url}`);
}

/** Inserts the policy (`CSP` unless given) and the listeners once per test file. */
export function installTraps(policy: string = CSP): void {
  if (installed) return;
  installed = true;
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = policy;
  document.head.prepend(meta);

  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const directive = event.effectiveDirective;
      const what = `${directive} ${event.blockedURI} ${event.sample}`.trim();
      if (directive.startsWith('script-src')) record('script', what);
      else if (directive.startsWith('style-src') && !/^https?:/.test(event.blockedURI))
        record('markup', what);
      else recordRequest(event.blockedURI, directive);
    },
    true,
  );

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) recordRequest(entry.name, 'resource');
  }).observe({ type: 'resource', buffered: false });

  hookNetwork();
  hookDialogs();
}

function hookNetwork() {
  const fetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    recordRequest(input instanceof Request ? input.url : String(input), 'fetch');
    return fetch(input, init);
  };
  const open = XMLHttpRequest.prototype.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    recordRequest(String(args[1]), 'xhr');
    open.apply(this, args);
  } as typeof XMLHttpRequest.prototype.open;
  const beacon = navigator.sendBeacon.bind(navigator);
  navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
    recordRequest(String(url), 'beacon');
    return beacon(url, data);
  };
  for (const name of ['WebSocket', 'EventSource'] as const) {
    const Original = window[name] as unknown as new (
      url: string | URL,
      ...rest: unknown[]
    ) => object;
    window[name] = new Proxy(Original, {
      construct(target, args: [string | URL, ...unknown[]]) {
        const url = String(args[0]);
        // A same-origin socket is Vitest's own; anything else is content phoning home.
        if (!url.includes(location.host)) record('request', `${name} ${url}`);
        return new target(...args);
      },
    }) as never;
  }
}

function hookDialogs() {
  window.alert = (message?: unknown) => record('dialog', `alert ${String(message)}`);
  window.confirm = (message?: string) => {
    record('dialog', `confirm ${String(message)}`);
    return false;
  };
  window.prompt = (message?: string) => {
    record('dialog', `prompt ${String(message)}`);
    return null;
  };
  window.print = () => record('dialog', 'print');
  window.open = (url?: string | URL) => {
    record('dialog', `window.open ${String(url)}`);
    return null;
  };
}

/** Starts a case: clears what was recorded and sets the allow-list requests are judged by. */
export function resetTraps(prefixes: readonly string[] = [ALLOWED_MEDIA_PREFIX]): void {
  records.length = 0;
  attempted.length = 0;
  allowPrefixes = prefixes;
  delete (window as RamWindow).__ramPwned;
}

/** Everything trapped since `resetTraps`, plus what the DOM under `root` is about to do. */
export function trapped(root: ParentNode = document.body): Trapped[] {
  const found = [...records, ...scanDom(root)];
  if ((window as RamWindow).__ramPwned !== undefined)
    found.push({ kind: 'script', detail: 'flag' });
  return found;
}

/**
 * The distinct cross-origin URLs the page tried to fetch since `resetTraps` (blocked by the
 * policy, seen as a resource, or asked of fetch/XHR/beacon), allow-listed or not.
 */
export function attemptedRequests(): string[] {
  return [...new Set(attempted.filter((url) => !url.startsWith(location.origin)))];
}

/* -------------------------------------------------------------------------------------------------
 * DOM scan
 * -----------------------------------------------------------------------------------------------*/

const FETCHING: readonly (readonly [string, string])[] = [
  ['img', 'src'],
  ['img', 'srcset'],
  ['source', 'src'],
  ['source', 'srcset'],
  ['video', 'src'],
  ['video', 'poster'],
  ['audio', 'src'],
  ['track', 'src'],
  ['iframe', 'src'],
  ['frame', 'src'],
  ['embed', 'src'],
  ['object', 'data'],
  ['link', 'href'],
  ['input', 'src'],
  ['script', 'src'],
  ['image', 'href'],
  ['use', 'href'],
];
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** What the markup under `root` runs or would fetch without a click. */
export function scanDom(root: ParentNode): Trapped[] {
  const found: Trapped[] = [];
  for (const [tag, attribute] of FETCHING) {
    for (const element of root.querySelectorAll(`${tag}[${attribute}]`)) {
      const value = element.getAttribute(attribute) ?? '';
      const urls =
        attribute === 'srcset'
          ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '')
          : [value];
      for (const url of urls) {
        if (!isAllowedRequest(url))
          found.push({ kind: 'request', detail: `<${tag} ${attribute}> ${url}` });
      }
    }
  }
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of Array.from(element.attributes)) {
      if (name.startsWith('on'))
        found.push({ kind: 'script', detail: `${element.tagName} ${name}` });
      if (name === 'style' && /url\s*\(/i.test(value))
        found.push({ kind: 'request', detail: `${element.tagName} style ${value}` });
      if (name === 'srcdoc' || name === 'formaction' || name === 'action')
        found.push({ kind: 'markup', detail: `${element.tagName} ${name}` });
    }
  }
  for (const element of root.querySelectorAll('script, base, meta, style, form, object, embed'))
    found.push({ kind: 'markup', detail: `<${element.tagName.toLowerCase()}>` });
  for (const anchor of root.querySelectorAll('a[href], area[href]')) {
    const href = anchor.getAttribute('href') ?? '';
    let scheme: string;
    try {
      scheme = new URL(href, document.baseURI).protocol;
    } catch {
      continue;
    }
    if (!LINK_SCHEMES.has(scheme)) found.push({ kind: 'script', detail: `link ${href}` });
  }
  return found;
}

/* -------------------------------------------------------------------------------------------------
 * Prototypes and time
 * -----------------------------------------------------------------------------------------------*/

/** A fingerprint of the built-in prototypes a hostile `__proto__` key would try to change. */
export function prototypeFingerprint(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((proto) => Reflect.ownKeys(proto).map(String).sort().join(','))
    .join('|');
}

/** Milliseconds since `start`, after forcing style and layout of the page. */
export function settle(start: number): number {
  void document.body.getBoundingClientRect();
  void document.body.offsetHeight;
  return performance.now() - start;
}

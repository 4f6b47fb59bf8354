/*
 * One frame's session with the official host bridge: connects an `AppBridge` to the frame over
 * its `PostMessageTransport` (behind the message gate), only then loads the app's document, and
 * routes every request the app makes to the app's callbacks, refusing what they do not allow.
 */
import { withAppCsp } from './mcp-app-csp.js';
import { startMessageGate } from './mcp-app-guard.js';
import type { McpAppDocument } from './mcp-app-resource.js';
import type {
  BridgeToolResult,
  McpAppBridge,
  McpAppBridgeModule,
  McpAppSource,
  McpAppState,
  McpAppsOptions,
  McpCallToolResult,
  McpObject,
} from '../provider/mcp-app-types.js';
import type { UrlDecision, UrlUse } from '../../core/safety/url-policy.js';

/** What a session reports to its component. */
export interface SessionEvents {
  onState(state: McpAppState, reason?: unknown): void;
  onHeight(height: number): void;
}

/** What a session needs: the frame, the app's document, and the host's settings. */
export interface SessionInit {
  readonly frame: HTMLIFrameElement;
  readonly document: McpAppDocument;
  readonly source: McpAppSource;
  readonly bridgeModule: McpAppBridgeModule;
  /** The latest provider settings (read at each request, so callbacks may change). */
  readonly options: () => McpAppsOptions;
  readonly hostContext: McpObject;
  readonly urlPolicy: (url: string, use: UrlUse) => UrlDecision;
  readonly events: SessionEvents;
}

/** What the component drives: the tool's input and result, the host context, and the end. */
export interface McpAppSession {
  /** Hands the frame the arguments so far (`complete` once they are whole) and the result. */
  update(
    args: Record<string, unknown> | undefined,
    complete: boolean,
    result?: McpCallToolResult,
  ): void;
  setHostContext(context: McpObject): void;
  close(): void;
}

const HOST_INFO = { name: 'react-agent-messages', version: '1' };

/** Opens a session; the frame loads the app once the bridge listens to it. */
export function openMcpAppSession(init: SessionInit): McpAppSession {
  const { frame, document, source, options, events } = init;
  const settings = options();
  const bridge = new init.bridgeModule.AppBridge(null, HOST_INFO, hostCapabilities(init), {
    hostContext: init.hostContext,
  });
  let closed = false;
  let initialized = false;
  const stop = (state: McpAppState, reason?: unknown) => {
    if (closed) return;
    close();
    events.onState(state, reason);
  };
  const stopGate = startMessageGate({
    frame,
    limits: {
      burst: settings.maxMessageBurst ?? 300,
      perSecond: settings.maxMessagesPerSecond ?? 100,
    },
    onFlood: () => stop('blocked'),
  });
  routeRequests(bridge, init);
  const timer = setTimeout(() => {
    if (!initialized) stop('timeout');
  }, settings.startTimeoutMs ?? 15_000);

  // What has been handed to the frame: partial input, then the whole input once, then the result.
  let latest: {
    args: Record<string, unknown> | undefined;
    complete: boolean;
    result?: McpCallToolResult;
  } = { args: undefined, complete: false };
  let sentInput = false;
  let sentResult = false;
  let partialQueued = false;
  const flush = () => {
    if (!initialized || closed) return;
    const { args, complete, result } = latest;
    if (!sentInput && (complete || result)) {
      sentInput = true;
      void bridge.sendToolInput({ arguments: args ?? {} }).catch(() => undefined);
    } else if (!sentInput && args !== undefined && !partialQueued) {
      // One partial per frame at most: each is the whole value so far, copied into the frame.
      partialQueued = true;
      requestAnimationFrame(() => {
        partialQueued = false;
        if (!sentInput && !closed && latest.args !== undefined) {
          void bridge.sendToolInputPartial({ arguments: latest.args }).catch(() => undefined);
        }
      });
    }
    if (sentInput && !sentResult && result) {
      sentResult = true;
      void bridge.sendToolResult(toBridgeResult(result)).catch(() => undefined);
    }
  };

  bridge.oninitialized = () => {
    if (closed) return;
    initialized = true;
    clearTimeout(timer);
    events.onState('ready');
    flush();
  };
  bridge.onsizechange = ({ height }) => {
    if (typeof height !== 'number' || !Number.isFinite(height)) return;
    const max = options().maxHeight ?? 800;
    events.onHeight(Math.max(0, Math.min(max, Math.ceil(height))));
  };
  bridge.onloggingmessage = (log) => options().onLog?.(log, source);

  const transport = new init.bridgeModule.PostMessageTransport(
    frame.contentWindow as Window,
    frame.contentWindow as Window,
  );
  bridge.connect(transport).then(
    () => {
      // Only now may the app start: its first message must find the bridge listening.
      // The one place untrusted HTML is parsed: in the sandboxed frame, under its CSP.
      // eslint-disable-next-line no-restricted-syntax -- the frame is the app's own opaque origin
      if (!closed) frame.srcdoc = withAppCsp(document.html, document.csp);
    },
    (error: unknown) => stop('error', error),
  );

  function close() {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    stopGate();
    if (initialized) void bridge.teardownResource({}).catch(() => undefined);
    void bridge.close().catch(() => undefined);
    frame.removeAttribute('srcdoc');
  }

  return {
    update(args, complete, result) {
      latest = result ? { args, complete, result } : { args, complete };
      flush();
    },
    setHostContext(context) {
      if (!closed) bridge.setHostContext(context);
    },
    close,
  };
}

/** What the host tells the app it may ask for: only what the app's callbacks allow. */
function hostCapabilities(init: SessionInit): McpObject {
  const options = init.options();
  return {
    ...(options.onCallTool ? { serverTools: {} } : {}),
    ...(options.onOpenLink ? { openLinks: {} } : {}),
    ...(options.onMessage ? { message: { text: {} } } : {}),
    ...(options.onUpdateModelContext ? { updateModelContext: { text: {} } } : {}),
    ...(options.onLog ? { logging: {} } : {}),
    sandbox: { csp: init.document.csp },
  };
}

/** Each request the app may make goes to its callback; without one, or on `false`, it is refused. */
function routeRequests(bridge: McpAppBridge, init: SessionInit): void {
  const { options, source, urlPolicy } = init;
  bridge.oncalltool = async (params) => {
    const callback = options().onCallTool;
    const call = params.arguments
      ? { name: params.name, arguments: params.arguments }
      : { name: params.name };
    const answer = callback ? await callback(call, source) : false;
    if (answer === false) throw new Error(`The host refused to call ${params.name}`);
    return toBridgeResult(answer);
  };
  bridge.onmessage = async (params) => {
    const callback = options().onMessage;
    const answer = callback ? await callback(params, source) : false;
    return answer === false ? { isError: true } : {};
  };
  bridge.onopenlink = async ({ url }) => {
    const callback = options().onOpenLink;
    const decision = urlPolicy(url, 'link');
    if (!callback || !decision.allowed) return { isError: true };
    const answer = await callback(decision.href, source);
    return answer === false ? { isError: true } : {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    const callback = options().onUpdateModelContext;
    const answer = callback ? await callback(params, source) : false;
    if (answer === false) throw new Error('The host refused the model context');
    return {};
  };
}

/** A `CallToolResult` from what a callback or a protocol gave, with `content` always a list. */
export function toBridgeResult(answer: McpObject | McpCallToolResult): BridgeToolResult {
  const value = answer as McpObject;
  const content = Array.isArray(value['content']) ? [...(value['content'] as unknown[])] : [];
  const result: BridgeToolResult = { content };
  if (value['structuredContent'] !== undefined)
    result['structuredContent'] = value['structuredContent'];
  if (value['isError'] === true) result['isError'] = true;
  if (typeof value['_meta'] === 'object' && value['_meta'] !== null)
    result['_meta'] = value['_meta'];
  return result;
}

'use client';

import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect.js';
import {
  useAgentMessagesConfig,
  useLabels,
  useUrlPolicy,
} from '../provider/agent-messages-provider.js';
import type { McpAppDocument } from './mcp-app-resource.js';
import { readAppDocument } from './mcp-app-resource.js';
import type { McpAppSession } from './mcp-app-session.js';
import { openMcpAppSession } from './mcp-app-session.js';
import type {
  McpAppBridgeModule,
  McpAppsOptions,
  McpAppState,
  McpCallToolResult,
  McpObject,
} from '../provider/mcp-app-types.js';

/** Props of `McpApp`. */
export interface McpAppProps extends React.ComponentPropsWithoutRef<'div'> {
  /** The app's `ui://` resource. */
  resourceUri: string;
  /** The tool the app draws for. */
  toolName: string;
  /** The tool call it belongs to, when there is one. */
  toolCallId?: string | undefined;
  /** Over AG-UI: the MCP Apps middleware's server id, handed to `readResource`. */
  serverId?: string | undefined;
  /** Over AG-UI: the middleware's server hash, handed to `readResource`. */
  serverHash?: string | undefined;
  /** The call's arguments so far: partial while they stream. */
  args?: Record<string, unknown> | undefined;
  /** Whether `args` are whole. @default true */
  argsComplete?: boolean | undefined;
  /** The call's `CallToolResult`, once there is one. */
  result?: McpCallToolResult | McpObject | undefined;
}

type Loaded = { document: McpAppDocument; bridge: McpAppBridgeModule };

const bridgeModules = new WeakMap<() => Promise<McpAppBridgeModule>, Promise<McpAppBridgeModule>>();

/** Loads the bridge once per loader: every frame of the page shares the module. */
function loadBridge(load: () => Promise<McpAppBridgeModule>): Promise<McpAppBridgeModule> {
  let module = bridgeModules.get(load);
  if (!module) {
    module = load();
    bridgeModules.set(load, module);
  }
  return module;
}

function readResource(options: McpAppsOptions, props: McpAppProps) {
  const request = {
    uri: props.resourceUri,
    ...(props.serverId === undefined ? {} : { serverId: props.serverId }),
    ...(props.serverHash === undefined ? {} : { serverHash: props.serverHash }),
  };
  if (options.readResource) return options.readResource(request);
  if (options.client) return options.client.readResource({ uri: props.resourceUri });
  return Promise.reject(new Error('mcpApps has neither client nor readResource'));
}

function useColorScheme(theme: 'light' | 'dark' | undefined): 'light' | 'dark' {
  const [system, setSystem] = React.useState<'light' | 'dark'>('light');
  React.useEffect(() => {
    if (theme || typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const read = () => setSystem(query.matches ? 'dark' : 'light');
    read();
    query.addEventListener('change', read);
    return () => query.removeEventListener('change', read);
  }, [theme]);
  return theme ?? system;
}

/**
 * An MCP App (SEP-1865): the tool's `ui://` resource in a sandboxed frame (`allow-scripts`
 * only, so it runs in an opaque origin of its own), its declared CSP written first into its
 * document, driven by the official host bridge the provider's `mcpApps.bridge` loads. The frame
 * gets the arguments (partial while they stream, then whole), the result, the theme, locale and
 * display mode, and grows to the height it reports; its requests go to the `mcpApps` callbacks.
 * A frame that does not start in time or floods the page is removed, and says so.
 * @selector [data-slot="mcp-app"] [data-state] `loading | ready | error | timeout | blocked`
 * @selector [data-theme] `light | dark`, what the frame is told
 * @selector [data-slot="mcp-app-frame"] the `<iframe>`
 * @selector [data-slot="mcp-app-status"] what the frame is doing when it is not running
 */
export const McpApp = React.forwardRef<HTMLDivElement, McpAppProps>(function McpApp(props, ref) {
  const { resourceUri, toolName, toolCallId, serverId, serverHash, args, result, ...rest } = props;
  const { argsComplete = true, ...rootProps } = rest;
  const { mcpApps, locale } = useAgentMessagesConfig();
  const labels = useLabels();
  const urlPolicy = useUrlPolicy();
  const theme = useColorScheme(mcpApps?.theme);
  const [state, setState] = React.useState<McpAppState>(mcpApps ? 'loading' : 'error');
  const [loaded, setLoaded] = React.useState<Loaded | null>(null);
  const [height, setHeight] = React.useState(0);
  const [frame, setFrame] = React.useState<HTMLIFrameElement | null>(null);
  const [session, setSession] = React.useState<McpAppSession | null>(null);
  // Callbacks are read at each request: a new `mcpApps` object does not restart the frame.
  const optionsRef = React.useRef(mcpApps);
  useIsomorphicLayoutEffect(() => {
    optionsRef.current = mcpApps;
  });

  React.useEffect(() => {
    const options = optionsRef.current;
    if (!options) return;
    let live = true;
    setState('loading');
    const resource = readResource(options, props).then((answer) =>
      readAppDocument(answer, resourceUri),
    );
    Promise.all([resource, loadBridge(options.bridge)]).then(
      ([document, bridge]) => live && setLoaded({ document, bridge }),
      () => live && setState('error'),
    );
    return () => {
      live = false;
    };
    // The resource is read again only for another resource or server.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resourceUri, serverId, serverHash]);

  const hostContext = React.useMemo<McpObject>(
    () => ({
      theme,
      locale,
      displayMode: 'inline',
      availableDisplayModes: ['inline'],
      platform: 'web',
      containerDimensions: { maxHeight: mcpApps?.maxHeight ?? 800 },
      toolInfo: {
        ...(toolCallId === undefined ? {} : { id: toolCallId }),
        tool: { name: toolName, inputSchema: { type: 'object' } },
      },
    }),
    [theme, locale, mcpApps?.maxHeight, toolCallId, toolName],
  );
  const contextRef = React.useRef(hostContext);
  useIsomorphicLayoutEffect(() => {
    contextRef.current = hostContext;
  });

  React.useEffect(() => {
    if (!frame || !loaded || !optionsRef.current) return;
    const opened = openMcpAppSession({
      frame,
      document: loaded.document,
      bridgeModule: loaded.bridge,
      source: { toolName, resourceUri, toolCallId },
      options: () => optionsRef.current as McpAppsOptions,
      hostContext: contextRef.current,
      urlPolicy,
      events: { onState: setState, onHeight: setHeight },
    });
    setSession(opened);
    return () => {
      opened.close();
      setSession(null);
    };
  }, [frame, loaded, toolName, resourceUri, toolCallId, urlPolicy]);

  React.useEffect(() => {
    session?.update(args, argsComplete, result as McpCallToolResult | undefined);
  }, [session, args, argsComplete, result]);

  React.useEffect(() => session?.setHostContext(hostContext), [session, hostContext]);

  const live = state === 'loading' || state === 'ready';
  const status =
    state === 'loading'
      ? labels.mcpAppLoading
      : state === 'timeout'
        ? labels.mcpAppTimeout
        : state === 'blocked'
          ? labels.mcpAppBlocked
          : state === 'error'
            ? labels.mcpAppFailed
            : null;
  return (
    <div
      data-slot="mcp-app"
      data-state={state}
      data-theme={theme}
      data-prefers-border={loaded?.document.prefersBorder ? '' : undefined}
      {...rootProps}
      ref={ref}
    >
      {live ? (
        <iframe
          ref={setFrame}
          data-slot="mcp-app-frame"
          title={labels.mcpAppTitle(toolName)}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          style={{ height, width: '100%', border: 0, display: 'block', colorScheme: theme }}
        />
      ) : null}
      {status === null ? null : (
        <p data-slot="mcp-app-status" role="status">
          {status}
        </p>
      )}
    </div>
  );
});
McpApp.displayName = 'McpApp';

/*
 * Structural types of the MCP pieces an MCP App host touches: what an MCP client answers, the
 * official host bridge (`@modelcontextprotocol/ext-apps/app-bridge`) as far as the host drives
 * it, and the provider's `mcpApps` option. Nothing here imports an MCP package: the app brings
 * its client and the bridge, so apps without MCP Apps bundle none of it.
 */

/** A JSON object as MCP carries it (`_meta`, arguments, structured content). */
export type McpObject = { readonly [key: string]: unknown };

/** One tool as `tools/list` describes it; the host reads its `_meta.ui.resourceUri`. */
export interface McpToolDescription {
  /** The tool's name, as its calls carry it. */
  readonly name: string;
  /** What the tool does. */
  readonly description?: string | undefined;
  /** The JSON Schema of its arguments. */
  readonly inputSchema?: McpObject | undefined;
  /** Its metadata: `ui.resourceUri` names its app. */
  readonly _meta?: McpObject | undefined;
}

/** One item of a `resources/read` answer: an app's HTML as `text` (or base64 `blob`) and its `_meta.ui`. */
export interface McpResourceContents {
  /** The resource's URI (`ui://…`). */
  readonly uri: string;
  /** `text/html;profile=mcp-app` for an app. */
  readonly mimeType?: string | undefined;
  /** The document, as text. */
  readonly text?: string | undefined;
  /** The document, base64-encoded. */
  readonly blob?: string | undefined;
  /** Its metadata: `ui.csp` declares the origins the app may reach. */
  readonly _meta?: McpObject | undefined;
}

/** What `resources/read` answers. */
export interface McpReadResourceResult {
  /** The resource's items. */
  readonly contents: readonly McpResourceContents[];
}

/** What `tools/call` answers (the MCP `CallToolResult`), as the app's frame receives it. */
export interface McpCallToolResult {
  /** The result's content blocks (`{ type: 'text', text }`, …). */
  readonly content: readonly unknown[];
  /** The structured result, when the tool gives one. */
  readonly structuredContent?: unknown;
  /** Whether the tool failed. */
  readonly isError?: boolean | undefined;
  /** Its metadata. */
  readonly _meta?: McpObject | undefined;
}

/**
 * The MCP client the host reads tools and app resources from: the official
 * `@modelcontextprotocol/client` `Client` and the AI SDK's `createMCPClient()` client both fit.
 * Only the first page of `tools/list` is read.
 */
export interface McpAppsClient {
  /** `tools/list`: which tools there are, and which declare an app. */
  listTools(): Promise<{ readonly tools: readonly McpToolDescription[] }>;
  /** `resources/read`: an app's document. */
  readResource(params: { uri: string }): Promise<McpReadResourceResult>;
}

/** Where an app's resource comes from: its `ui://` URI and, over AG-UI, the server that holds it. */
export interface McpAppResourceRequest {
  /** The app's `ui://` URI. */
  readonly uri: string;
  /** The AG-UI MCP Apps middleware's `serverId`, when it sent one. */
  readonly serverId?: string | undefined;
  /** The AG-UI MCP Apps middleware's `serverHash`, when it sent one. */
  readonly serverHash?: string | undefined;
}

/** Which app is asking: the tool it draws for and the resource it was loaded from. */
export interface McpAppSource {
  /** The tool the app draws for. */
  readonly toolName: string;
  /** The `ui://` resource the frame was loaded from. */
  readonly resourceUri: string;
  /** The tool call this frame belongs to, when there is one. */
  readonly toolCallId?: string | undefined;
}

/** A `tools/call` the app's frame asks the host to run. */
export interface McpAppToolCall {
  /** The tool to call. */
  readonly name: string;
  /** Its arguments. */
  readonly arguments?: Record<string, unknown>;
}

/** A `ui/message` the app's frame asks the host to add to the conversation. */
export interface McpAppMessage {
  /** Always `user`: the app speaks for the user. */
  readonly role: 'user';
  /** The message's content blocks. */
  readonly content: readonly unknown[];
}

/** A `ui/update-model-context` the app's frame asks the host to keep for the model's next turn. */
export interface McpAppModelContext {
  /** Content blocks for the model. */
  readonly content?: readonly unknown[] | undefined;
  /** Structured context for the model. */
  readonly structuredContent?: McpObject | undefined;
}

/** A log line the app's frame sent (`notifications/message`). */
export interface McpAppLog {
  /** `debug`, `info`, `warning`, `error`, … */
  readonly level: string;
  /** The logger's name, when the app gives one. */
  readonly logger?: string | undefined;
  /** What was logged. */
  readonly data?: unknown;
}

/** The host bridge module: pass `() => import('@modelcontextprotocol/ext-apps/app-bridge')`. */
export interface McpAppBridgeModule {
  /** The official host bridge class. */
  AppBridge: new (
    client: null,
    hostInfo: { name: string; version: string },
    capabilities: McpObject,
    options?: { hostContext?: McpObject },
  ) => McpAppBridge;
  /** The official transport over `postMessage`. */
  PostMessageTransport: new (eventTarget: Window, eventSource: Window) => McpAppTransport;
}

/** The transport between the host and one frame (the bridge's `PostMessageTransport`). */
export interface McpAppTransport {
  /** Stops listening to the frame. */
  close(): Promise<void>;
}

/** A `CallToolResult` as the bridge sends and receives it. */
export interface BridgeToolResult {
  /** Other fields of the result (`structuredContent`, `isError`, `_meta`). */
  [key: string]: unknown;
  /** The result's content blocks. */
  content: unknown[];
}

/** What `ui/message` and `ui/open-link` answer: `isError` when the host refused. */
export interface McpAppRefusal {
  /** True when the host refused. */
  readonly isError?: boolean | undefined;
}

/**
 * A handler slot of the bridge. Its parameters are compared both ways (as a method's are), so
 * the bridge's own, more precise handler types fit.
 */
export type BridgeHandler<P extends unknown[], R> = { handle(...params: P): R }['handle'];

/** The parts of the official `AppBridge` the host drives. */
export interface McpAppBridge {
  /** Starts answering the frame over `transport`. */
  connect(transport: McpAppTransport): Promise<void>;
  /** Stops the bridge. */
  close(): Promise<void>;
  /** Updates the host context; the frame is told what changed. */
  setHostContext(context: McpObject): void;
  /** `ui/notifications/tool-input`: the whole arguments. */
  sendToolInput(params: { arguments?: Record<string, unknown> }): Promise<void>;
  /** `ui/notifications/tool-input-partial`: the arguments so far. */
  sendToolInputPartial(params: { arguments?: Record<string, unknown> }): Promise<void>;
  /** `ui/notifications/tool-result`. */
  sendToolResult(params: BridgeToolResult): Promise<void>;
  /** `ui/notifications/tool-cancelled`. */
  sendToolCancelled(params: { reason?: string }): Promise<void>;
  /** `ui/resource-teardown`: the frame is about to go. */
  teardownResource(params: Record<string, never>): Promise<unknown>;
  /** The app completed its handshake. */
  oninitialized?: BridgeHandler<[params?: unknown], void> | undefined;
  /** The app reported its size. */
  onsizechange?:
    | BridgeHandler<[params: { width?: number | undefined; height?: number | undefined }], void>
    | undefined;
  /** The app logged something. */
  onloggingmessage?: BridgeHandler<[params: McpAppLog], void> | undefined;
  /** The app asks for a `tools/call`. */
  oncalltool?:
    BridgeHandler<[params: McpAppToolCall, extra: unknown], Promise<BridgeToolResult>> | undefined;
  /** The app asks for a `ui/message`. */
  onmessage?:
    BridgeHandler<[params: McpAppMessage, extra: unknown], Promise<McpAppRefusal>> | undefined;
  /** The app asks for a `ui/open-link`. */
  onopenlink?:
    BridgeHandler<[params: { url: string }, extra: unknown], Promise<McpAppRefusal>> | undefined;
  /** The app asks for a `ui/update-model-context`. */
  onupdatemodelcontext?:
    BridgeHandler<[params: McpAppModelContext, extra: unknown], Promise<McpObject>> | undefined;
}

/** What an app callback answers: a result to hand the frame, or `false` to refuse. */
export type McpAppAnswer<T> = T | false | Promise<T | false>;

/**
 * `mcpApps` on `AgentMessagesProvider`: where MCP App tools and resources come from, the host
 * bridge, and what the frames may ask for. Every request a frame makes is refused unless the
 * callback for it is given and does not return `false`. Keep the object stable.
 */
export interface McpAppsOptions {
  /** The MCP client: `listTools` tells which tools have an app, `readResource` loads it. */
  client?: McpAppsClient | undefined;
  /**
   * Reads an app's resource instead of `client.readResource` (over AG-UI, the middleware's
   * `serverId` / `serverHash` say which server holds it).
   */
  readResource?: ((request: McpAppResourceRequest) => Promise<McpReadResourceResult>) | undefined;
  /** Loads the official host bridge: `() => import('@modelcontextprotocol/ext-apps/app-bridge')`. */
  bridge: () => Promise<McpAppBridgeModule>;
  /**
   * Runs a `tools/call` the app asks for (usually `client.callTool(call)`) and answers its
   * `CallToolResult`, or refuses it.
   */
  onCallTool?: ((call: McpAppToolCall, app: McpAppSource) => McpAppAnswer<McpObject>) | undefined;
  /** Adds a `ui/message` to the conversation, or refuses it. */
  onMessage?: ((message: McpAppMessage, app: McpAppSource) => McpAppAnswer<void>) | undefined;
  /** Opens a link the URL policy allowed (`ui/open-link`), or refuses it. */
  onOpenLink?: ((url: string, app: McpAppSource) => McpAppAnswer<void>) | undefined;
  /** Keeps context for the model's next turn (`ui/update-model-context`), or refuses it. */
  onUpdateModelContext?:
    ((context: McpAppModelContext, app: McpAppSource) => McpAppAnswer<void>) | undefined;
  /** Receives the app's log lines. */
  onLog?: ((log: McpAppLog, app: McpAppSource) => void) | undefined;
  /** The colour scheme the frames are told. @default the page's `prefers-color-scheme` */
  theme?: 'light' | 'dark' | undefined;
  /** Milliseconds an app has to complete its handshake before it is removed. @default 15000 */
  startTimeoutMs?: number | undefined;
  /** Messages a frame may send in a burst before it is blocked and removed. @default 300 */
  maxMessageBurst?: number | undefined;
  /** Messages per second a frame may keep sending. @default 100 */
  maxMessagesPerSecond?: number | undefined;
  /** The tallest a frame grows to, in CSS pixels. @default 800 */
  maxHeight?: number | undefined;
}

/** Where a frame is: loading, running, or stopped and why. */
export type McpAppState = 'loading' | 'ready' | 'error' | 'timeout' | 'blocked';

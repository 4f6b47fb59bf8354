'use client';

import * as React from 'react';
import type { ApprovalPolicy } from '../../core/approvals/approval-policy-types.js';
import type { DataBlock, FileIdSource } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';
import type { UrlDecision, UrlPolicyOptions, UrlUse } from '../../core/safety/url-policy.js';
import { checkUrl, enforceUrlFloor } from '../../core/safety/url-policy.js';
import type {
  BlockComponents,
  DataRenderer,
  ToolDisplay,
  ToolEntry,
  ToolRenderer,
} from './block-props.js';
import type { ActivityRenderer } from './activity-types.js';
import type { A2uiLoader } from './a2ui-module.js';
import type { Labels } from '../labels.js';
import type { McpAppsOptions } from './mcp-app-types.js';
import { createLabels, defaultLabels } from '../labels.js';
import type { HighlightConfig, HighlightOptions } from './highlight-options.js';
import { defaultHighlightConfig, resolveHighlight } from './highlight-options.js';

/** Safety settings; see the README's security model. */
export interface SafetyOptions extends Omit<UrlPolicyOptions, 'origin'> {
  /**
   * Tightens (or, carefully, widens) the decision for one URL. It sees the built-in decision
   * first and cannot switch off the sanitising of markdown itself. What it returns is checked
   * again: the URL must still pass the built-in rules (`tel:` is also accepted for links), and a
   * private host other than this page's origin never loads without a click.
   */
  urlPolicy?(url: string, use: UrlUse, decision: UrlDecision): UrlDecision;
  /**
   * Milliseconds a confirmation prompt ignores activation after it appears or its call changes
   * (a `<ConfirmationPrompt armDelayMs>` prop wins). Lower it only knowing that a click meant for
   * something else can then land on Allow. @default 500
   */
  confirmationArmDelayMs?: number;
}

/** Turns an app-specific media reference (`file_id`, `agentflow://media/…`) into a URL. */
export type ResolveMedia = (
  source: FileIdSource,
  block: DataBlock,
) => string | null | undefined | Promise<string | null | undefined>;

/** What Copy puts on the clipboard: the markdown as written, or text with its syntax removed. */
export type CopyFormat = 'markdown' | 'plain';

/** What `AgentMessagesProvider` hands to every component below it (see `useAgentMessagesConfig`). */
export interface AgentMessagesConfig {
  labels: Labels;
  locale: string;
  safety: SafetyOptions;
  resolveMedia: ResolveMedia | undefined;
  components: Partial<BlockComponents>;
  tools: Readonly<Record<string, ToolEntry>>;
  /** Data-part renderers by part name (a map without a prototype). */
  dataRenderers: Readonly<Record<string, DataRenderer>>;
  /** Activity renderers by `activityType` (a map without a prototype), over the built-in ones. */
  activityRenderers: Readonly<Record<string, ActivityRenderer>>;
  /** Loads the A2UI React renderer when a surface first appears; `undefined` shows surfaces as JSON. */
  a2ui: A2uiLoader | undefined;
  /** Code highlighting's languages and themes; `null` when it is switched off. */
  highlight: HighlightConfig | null;
  /** The approval policy whose decisions tool cards show (with a way to revoke the rule). */
  approvalPolicy: ApprovalPolicy | undefined;
  /** The MCP client, host bridge and callbacks of MCP App frames; `undefined` without them. */
  mcpApps: McpAppsOptions | undefined;
  /** What Copy puts on the clipboard. */
  copyFormat: CopyFormat;
  /** The app's own buttons after the built-in actions of a finished message, if any. */
  renderActions: ((message: Msg) => React.ReactNode) | undefined;
}

/**
 * Props of `AgentMessagesProvider`: words, safety, media, highlighting, components, tool
 * renderers and the action bar's options for everything below it. Each app-wide option is set
 * here and only here: `Message` and `MessageList` take none of them.
 */
export interface AgentMessagesProviderProps {
  children?: React.ReactNode;
  /** BCP 47 locale for numbers, plurals and dates. @default 'en' */
  locale?: string;
  /** Strings to override; the rest come from the locale's defaults. */
  labels?: Partial<Labels>;
  safety?: SafetyOptions;
  resolveMedia?: ResolveMedia;
  /** Block components to use instead of the defaults, by block type. */
  components?: Partial<BlockComponents>;
  /** Per tool name: its renderer, or `{ render, summarize }` (a `ToolDisplay`). */
  tools?: Readonly<Record<string, ToolEntry>>;
  /**
   * Per data-part name (`weather` for an AI SDK `data-weather` part): the component that shows
   * it, with `{ name, data, id, block }`. A part without one shows as JSON; a renderer that
   * throws shows the JSON with an error. Keep the object stable.
   */
  dataRenderers?: Readonly<Record<string, DataRenderer>>;
  /**
   * Per AG-UI `activityType` (`ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`): the renderer that shows
   * the activity where it occurs, with `{ activityType, content, messageId, streaming, onAction }`.
   * These come before the built-in ones (`a2ui-surface`); a type without one shows as JSON; a
   * renderer that throws shows the JSON with an error. Keep the object stable.
   */
  activityRenderers?: Readonly<Record<string, ActivityRenderer>>;
  /**
   * Loads the official A2UI React renderer, only when the first A2UI surface appears:
   * `a2ui={() => import('@a2ui/react')}`. Without it, A2UI surfaces show as JSON with a note.
   * Keep the function stable (define it outside the component).
   */
  a2ui?: A2uiLoader;
  /**
   * Syntax highlighting of code fences: the languages (each a loader such as
   * `() => import('@shikijs/langs/elixir')`, replacing the default set) and the light and dark
   * themes, or `false` for plain code. Keep the object stable (define it outside the component).
   * @default common languages (TypeScript, JavaScript, JSON, shell, Python, HTML, CSS, Markdown,
   * YAML, TOML, SQL, diff, Go, Rust, Java, Dockerfile) in GitHub's high-contrast themes
   */
  highlight?: HighlightOptions | false;
  /**
   * The approval policy given to `useMessageStream`: a card whose call one of its rules
   * answered says so ("Approved by rule …") and offers to revoke that rule.
   */
  approvalPolicy?: ApprovalPolicy;
  /**
   * MCP Apps: the MCP client (or `readResource`) their tools and resources come from, the
   * official host bridge (`bridge: () => import('@modelcontextprotocol/ext-apps/app-bridge')`,
   * loaded only when a frame appears) and the callbacks for what frames ask. A tool call whose
   * tool declares a `ui://` resource then shows its app under its card. Keep the object stable.
   */
  mcpApps?: McpAppsOptions;
  /** What a message's Copy button puts on the clipboard. @default 'markdown' */
  copyFormat?: CopyFormat;
  /**
   * Adds your own buttons after the built-in actions of every finished message (in a turn shown
   * as one bubble, it gets the turn's first message). Keep it stable (`useCallback`).
   */
  renderActions?(message: Msg): React.ReactNode;
}

/**
 * Tool and part names come from the model: in a plain object, a tool called `constructor` or
 * `__proto__` would find `Object`'s own members. The map has no prototype, so only registered
 * names are found.
 */
function nameMap<T>(...sources: Readonly<Record<string, T>>[]): Readonly<Record<string, T>> {
  const map = Object.create(null) as Record<string, T>;
  for (const source of sources) {
    for (const name of Object.keys(source)) map[name] = source[name] as T;
  }
  return map;
}

/** The renderer `dataRenderers` registers for a part name; own keys only. */
function findDataRenderer(
  renderers: Readonly<Record<string, DataRenderer>>,
  name: string,
): DataRenderer | undefined {
  return Object.hasOwn(renderers, name) ? (renderers[name] ?? undefined) : undefined;
}

/** The renderer registered for an activity type (own keys only), else the built-in one. */
function findActivityRenderer(
  renderers: Readonly<Record<string, ActivityRenderer>>,
  builtins: Readonly<Record<string, ActivityRenderer>>,
  type: string,
): ActivityRenderer | undefined {
  if (Object.hasOwn(renderers, type)) return renderers[type] ?? undefined;
  return Object.hasOwn(builtins, type) ? (builtins[type] ?? undefined) : undefined;
}

/**
 * What `tools` registers for a tool name, as a `ToolDisplay` (a bare renderer is its `render`);
 * `undefined` when nothing is. Own keys only: a tool named `constructor` finds nothing.
 */
function findTool(
  tools: Readonly<Record<string, ToolEntry>>,
  name: string,
): ToolDisplay | undefined {
  if (!Object.hasOwn(tools, name)) return undefined;
  const entry = tools[name];
  if (entry === undefined || entry === null) return undefined;
  // Components are functions, or objects tagged by React (`memo`, `forwardRef`, `lazy`).
  const component = typeof entry === 'function' || '$$typeof' in entry;
  return component ? { render: entry as ToolRenderer } : (entry as ToolDisplay);
}

const defaultConfig: AgentMessagesConfig = {
  labels: defaultLabels,
  locale: 'en',
  safety: {},
  resolveMedia: undefined,
  components: {},
  tools: nameMap<ToolEntry>(),
  dataRenderers: nameMap<DataRenderer>(),
  activityRenderers: nameMap<ActivityRenderer>(),
  a2ui: undefined,
  highlight: defaultHighlightConfig,
  approvalPolicy: undefined,
  mcpApps: undefined,
  copyFormat: 'markdown',
  renderActions: undefined,
};

const AgentMessagesContext = React.createContext<AgentMessagesConfig>(defaultConfig);

/**
 * Shared settings for every message below it: labels, safety, media resolution, renderers and
 * code highlighting.
 */
function AgentMessagesProvider(props: AgentMessagesProviderProps) {
  const parent = React.useContext(AgentMessagesContext);
  const { children, locale, labels, safety, resolveMedia, components, tools, highlight } = props;
  const { dataRenderers, activityRenderers, a2ui, approvalPolicy, mcpApps } = props;
  const { copyFormat, renderActions } = props;
  const value = React.useMemo<AgentMessagesConfig>(() => {
    const base = locale && locale !== parent.locale ? createLabels(locale) : parent.labels;
    return {
      labels: labels ? { ...base, ...labels } : base,
      locale: locale ?? parent.locale,
      safety: safety ?? parent.safety,
      resolveMedia: resolveMedia ?? parent.resolveMedia,
      components: components ? { ...parent.components, ...components } : parent.components,
      tools: tools ? nameMap(parent.tools, tools) : parent.tools,
      dataRenderers: dataRenderers
        ? nameMap(parent.dataRenderers, dataRenderers)
        : parent.dataRenderers,
      activityRenderers: activityRenderers
        ? nameMap(parent.activityRenderers, activityRenderers)
        : parent.activityRenderers,
      a2ui: a2ui ?? parent.a2ui,
      highlight: highlight === undefined ? parent.highlight : resolveHighlight(highlight),
      approvalPolicy: approvalPolicy ?? parent.approvalPolicy,
      mcpApps: mcpApps ?? parent.mcpApps,
      copyFormat: copyFormat ?? parent.copyFormat,
      renderActions: renderActions ?? parent.renderActions,
    };
  }, [
    parent,
    locale,
    labels,
    safety,
    resolveMedia,
    components,
    tools,
    dataRenderers,
    activityRenderers,
    a2ui,
    highlight,
    approvalPolicy,
    mcpApps,
    copyFormat,
    renderActions,
  ]);
  return <AgentMessagesContext.Provider value={value}>{children}</AgentMessagesContext.Provider>;
}

/** The settings of the nearest provider (defaults when there is none). */
function useAgentMessagesConfig(): AgentMessagesConfig {
  return React.useContext(AgentMessagesContext);
}

/** The labels of the nearest `AgentMessagesProvider`, or the English defaults outside one. */
function useLabels(): Labels {
  return React.useContext(AgentMessagesContext).labels;
}

/** Decides URLs for this page: the built-in policy, this origin, the app's allow-list and hook. */
function useUrlPolicy(): (url: string, use: UrlUse) => UrlDecision {
  const { safety } = React.useContext(AgentMessagesContext);
  return React.useCallback(
    (url: string, use: UrlUse) => {
      const origin = typeof window === 'undefined' ? null : window.location.origin;
      const options = { ...safety, origin };
      const decision = checkUrl(url, use, options);
      if (!safety.urlPolicy) return decision;
      // The app's hook may tighten or widen, but never past the rules in `enforceUrlFloor`.
      return enforceUrlFloor(safety.urlPolicy(url, use, decision), use, options);
    },
    [safety],
  );
}

export {
  AgentMessagesProvider,
  findActivityRenderer,
  findDataRenderer,
  findTool,
  useAgentMessagesConfig,
  useLabels,
  useUrlPolicy,
};

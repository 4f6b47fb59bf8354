'use client';

/*
 * What A2UI surfaces need of the official React renderer (`@a2ui/react`), written structurally
 * so that nothing of it is bundled: the app hands the modules over
 * (`a2ui={() => import('@a2ui/react')}`) and they load when the first surface appears.
 */
import type * as React from 'react';

/** `@a2ui/react` (its root, the A2UI v0.8 renderer); the module fits as it is. */
export interface A2uiV08Module {
  /** Holds a surface's message processor; `onAction` gets the client message (`{ userAction }`). */
  A2UIProvider: React.ComponentType<{
    onAction?: (message: unknown) => void | Promise<void>;
    children: React.ReactNode;
  }>;
  /** Renders one surface by id. */
  A2UIRenderer: React.ComponentType<{ surfaceId: string; fallback?: React.ReactNode }>;
  /** The provider's actions: feed it server messages, clear it. */
  useA2UIActions(): {
    processMessages(messages: never[]): void;
    clearSurfaces(): void;
  };
}

/** A v0.9 surface group, as `@a2ui/web_core/v0_9`'s `MessageProcessor` holds it. */
export interface A2uiV09Processor {
  /** Reads server messages (`createSurface`, `updateComponents`, …) into surfaces. */
  processMessages(messages: never[]): void;
  /** The surfaces, by id; `dispose` lets them go. */
  readonly model: {
    readonly surfacesMap: ReadonlyMap<string, unknown>;
    dispose(): void;
  };
}

/**
 * The A2UI v0.9 renderer: `@a2ui/react/v0_9` (`A2uiSurface`, `basicCatalog`) with
 * `MessageProcessor` from `@a2ui/web_core/v0_9`.
 */
export interface A2uiV09Module {
  /** Renders one surface model. */
  A2uiSurface: React.ComponentType<{ surface: never }>;
  /** The catalog surfaces are drawn from. */
  basicCatalog: unknown;
  /** Reads server messages into surfaces; its action handler gets each user action. */
  MessageProcessor: new (
    catalogs: never[],
    actionHandler?: (action: unknown) => void | Promise<void>,
  ) => A2uiV09Processor;
}

/** The A2UI renderers the app provides, by protocol version. */
export interface A2uiRenderers {
  /** For surfaces of `beginRendering` / `surfaceUpdate` / `dataModelUpdate` messages. */
  v0_8?: A2uiV08Module;
  /** For surfaces of `createSurface` / `updateComponents` / `updateDataModel` messages. */
  v0_9?: A2uiV09Module;
}

/**
 * Loads the A2UI React renderer when the first surface appears: `() => import('@a2ui/react')`
 * (v0.8 surfaces), or both versions as `A2uiRenderers`.
 */
export type A2uiLoader = () => Promise<A2uiV08Module | A2uiRenderers>;

/** Where a loader stands. */
export type A2uiModuleState =
  | { status: 'loading' }
  | { status: 'ready'; renderers: A2uiRenderers }
  | { status: 'failed'; error: Error };

interface Load {
  state: A2uiModuleState;
  promise: Promise<void>;
}

const loads = new WeakMap<A2uiLoader, Load>();

function renderersOf(loaded: unknown): A2uiRenderers | null {
  if (typeof loaded !== 'object' || loaded === null) return null;
  const v08 = (value: unknown): value is A2uiV08Module =>
    typeof (value as Partial<A2uiV08Module> | null)?.useA2UIActions === 'function';
  const v09 = (value: unknown): value is A2uiV09Module =>
    typeof (value as Partial<A2uiV09Module> | null)?.MessageProcessor === 'function';
  if (v08(loaded)) return { v0_8: loaded };
  const { v0_8, v0_9 } = loaded as A2uiRenderers;
  const renderers: A2uiRenderers = {
    ...(v08(v0_8) ? { v0_8 } : {}),
    ...(v09(v0_9) ? { v0_9 } : {}),
  };
  return renderers.v0_8 || renderers.v0_9 ? renderers : null;
}

/** Starts a loader once (its result is kept for every surface) and tells where it stands. */
export function loadA2uiModule(loader: A2uiLoader): Load {
  const known = loads.get(loader);
  if (known !== undefined) return known;
  const entry: Load = { state: { status: 'loading' }, promise: Promise.resolve() };
  entry.promise = Promise.resolve()
    .then(loader)
    .then(
      (loaded) => {
        const renderers = renderersOf(loaded);
        entry.state = renderers
          ? { status: 'ready', renderers }
          : { status: 'failed', error: new Error('The a2ui loader gave no A2UI React renderer') };
      },
      (error: unknown) => {
        entry.state = {
          status: 'failed',
          error: error instanceof Error ? error : new Error(String(error)),
        };
      },
    );
  loads.set(loader, entry);
  return entry;
}

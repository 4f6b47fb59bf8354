'use client';

import * as React from 'react';
import { useControllableState } from '../../components/primitives/use-controllable-state.js';
import { defaultRecorder } from '../recording/default-recorder.js';
import type { Recorder, RecordingSession } from '../recording/recording-types.js';
import { DEVTOOLS_CSS } from './devtools-css.js';
import { DevtoolsInspector } from './devtools-inspector.js';
import { DevtoolsResizer, type DevtoolsPlacement } from './devtools-resizer.js';
import { DevtoolsToolbar } from './devtools-toolbar.js';
import { useRecorder } from './use-recorder.js';

/* -------------------------------------------------------------------------------------------------
 * AgentDevtools
 * -----------------------------------------------------------------------------------------------*/

/** Props of `AgentDevtools`. */
interface AgentDevtoolsProps {
  /** The recorder to show. @default the default recorder this entry installs */
  recorder?: Recorder;
  /** Whether the panel is open (controlled). */
  open?: boolean;
  /** Whether the panel is open at first (uncontrolled). @default false */
  defaultOpen?: boolean;
  /** Called when the toggle, the close button or Escape opens or closes it. */
  onOpenChange?(open: boolean): void;
  /** Docked along the bottom or the right edge, or floating in a corner. @default 'bottom' */
  placement?: DevtoolsPlacement;
  /**
   * Leaves out the panel's own stylesheet (a `<style>` in the `ram` layer, built on the theme's
   * variables), for an app that styles `[data-slot^="devtools"]` itself.
   * @default false
   */
  unstyled?: boolean;
  /** Classes for the root `[data-slot="devtools"]`. */
  className?: string;
  /** Styles for the root (`--ram-devtools-*` variables, `z-index`, …). */
  style?: React.CSSProperties;
}

const SIZE_LIMITS: Record<DevtoolsPlacement, { min: number; initial: number }> = {
  bottom: { min: 160, initial: 360 },
  right: { min: 280, initial: 560 },
  floating: { min: 200, initial: 440 },
};

/**
 * The devtools inspector: a toggle button and a docked or floating panel over a recorder's
 * sessions. Escape closes it and gives focus back to the toggle.
 * @selector [data-slot="devtools"] the root, with `data-state="open|closed"` and `data-placement`
 * @selector [data-slot="devtools-panel"] the panel; its size is `--ram-devtools-size`
 * @example
 * <AgentDevtools placement="right" />
 */
function AgentDevtools(props: AgentDevtoolsProps) {
  const { recorder = defaultRecorder, placement = 'bottom', unstyled = false } = props;
  const [open, setOpen] = useControllableState({
    prop: props.open,
    defaultProp: props.defaultOpen,
    onChange: props.onOpenChange,
    automatic: false,
  });
  const view = useRecorder(recorder);
  const [imported, setImported] = React.useState<readonly RecordingSession[]>([]);
  const [chosen, setChosen] = React.useState<string | null>(null);
  const [size, setSize] = React.useState<number | null>(null);
  const limits = SIZE_LIMITS[placement];
  const trigger = React.useRef<HTMLButtonElement>(null);
  const id = React.useId();

  const sessions = React.useMemo(() => [...view.sessions, ...imported], [view.sessions, imported]);
  // The newest session until the user picks one.
  const selected = sessions.find((session) => session.id === chosen) ?? sessions.at(-1);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <div
      data-slot="devtools"
      data-state={open ? 'open' : 'closed'}
      data-placement={placement}
      className={props.className}
      style={props.style}
    >
      {unstyled ? null : <style>{DEVTOOLS_CSS}</style>}
      <button
        ref={trigger}
        type="button"
        data-slot="devtools-trigger"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => setOpen(!open)}
      >
        Devtools
        {view.recording ? <span data-slot="devtools-recording"> (recording)</span> : null}
      </button>
      {open ? (
        // Escape from any control inside closes the panel, as it would a dialog.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <section
          id={`${id}-panel`}
          data-slot="devtools-panel"
          aria-label="Agent devtools"
          style={{ '--ram-devtools-size': `${size ?? limits.initial}px` } as React.CSSProperties}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || event.defaultPrevented) return;
            event.preventDefault();
            close();
          }}
        >
          {placement === 'floating' ? null : (
            <DevtoolsResizer
              placement={placement}
              size={size ?? limits.initial}
              min={limits.min}
              onSizeChange={setSize}
              controls={`${id}-panel`}
            />
          )}
          <header data-slot="devtools-header">
            <h2 data-slot="devtools-title">Agent devtools</h2>
            <DevtoolsToolbar
              view={view}
              onStart={() => recorder.start()}
              onStop={() => recorder.stop()}
              onClear={() => {
                recorder.clear();
                setImported([]);
                setChosen(null);
              }}
              sessions={sessions}
              selected={selected}
              onSelect={setChosen}
              onImport={(session) => {
                setImported((current) => [...current.filter((s) => s.id !== session.id), session]);
                setChosen(session.id);
              }}
            />
            <button
              type="button"
              data-slot="devtools-close"
              aria-label="Close devtools"
              onClick={close}
            >
              ×
            </button>
          </header>
          {selected ? (
            <DevtoolsInspector key={selected.id} session={selected} unstyled />
          ) : (
            <p data-slot="devtools-empty">
              {view.recording
                ? 'Nothing recorded yet: a session appears when a stream or hook receives its first frame.'
                : 'Recording is stopped. Start recording, or import a recording.'}
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}

export { AgentDevtools };
export type { AgentDevtoolsProps };

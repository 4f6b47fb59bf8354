import { createRecorder, type RecorderHook } from './recorder.js';
import { installedHook, installRecorder } from './install-recorder.js';

/**
 * The recorder `<AgentDevtools />` shows. Importing `react-agent-messages/devtools` in a browser
 * installs it (unless another hook is there); on a server nothing is installed, so one process
 * never keeps every visitor's stream: call `installRecorder(defaultRecorder)` to record there.
 */
export const defaultRecorder: RecorderHook = createRecorder();

if (typeof document !== 'undefined' && installedHook() === undefined)
  installRecorder(defaultRecorder);

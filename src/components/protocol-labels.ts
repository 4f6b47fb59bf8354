/**
 * The strings of protocol-specific views: AI SDK data parts, and `<InterruptPrompt>` (an AG-UI
 * interrupt that asks the user for an answer). Part of `Labels`: override them through `labels`
 * on `AgentMessagesProvider`.
 */
export interface ProtocolLabels {
  /** Names an app data part shown as JSON ("Data: weather"). */
  dataPart(name: string): string;
  /** Shown when an app's renderer for a data part failed; its data is shown instead. */
  dataPartFailed(name: string): string;
  /** Titles the prompt of an interrupt that asks the user for something (not a tool approval). */
  interruptTitle: string;
  /** Sends the answer (the form's values, or a plain go-ahead). */
  interruptSubmit: string;
  /** Declines the interrupt: the run is resumed with it cancelled. */
  interruptCancel: string;
  /** Marks a field the answer must have, and is its error when left empty. */
  interruptRequired: string;
  /** Labels the JSON answer box of an interrupt whose answer schema is too complex for a form. */
  interruptJsonAnswer: string;
  /** A JSON answer that does not parse. */
  interruptInvalidJson: string;
  /** The empty choice of a list of options. */
  interruptNoChoice: string;
  /** A field that needs a number but holds something else. */
  interruptInvalidNumber: string;
  /** Shown while the answer is being sent. */
  interruptSending: string;
  /** Shown once the answer was handed over. */
  interruptSent: string;
  /** Shown when handing the answer over failed; the form stays filled in. */
  interruptFailed: string;
}

/** The English strings of data parts and `<InterruptPrompt>`. */
export const protocolLabels: ProtocolLabels = {
  dataPart: (name) => `Data: ${name}`,
  dataPartFailed: (name) => `The ${name} view could not be displayed; its data is shown instead.`,
  interruptTitle: 'The agent needs your input',
  interruptSubmit: 'Submit',
  interruptCancel: 'Cancel',
  interruptRequired: 'required',
  interruptJsonAnswer: 'Answer (JSON)',
  interruptInvalidJson: 'Not valid JSON',
  interruptNoChoice: '—',
  interruptInvalidNumber: 'Enter a number',
  interruptSending: 'Sending…',
  interruptSent: 'Answer sent',
  interruptFailed: 'The answer could not be sent. Try again.',
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { AgUiInterrupt } from '../../src/ag-ui.js';
import { InterruptPrompt } from '../../src/index.js';

const question: AgUiInterrupt = {
  id: 'int-window',
  reason: 'input_required',
  message: 'When should the deploy run?',
  responseSchema: {
    type: 'object',
    properties: {
      window: { title: 'Window', enum: ['now', 'tonight', 'weekend'] },
      replicas: { title: 'Replicas', type: 'integer', default: 2 },
      note: { title: 'Note', type: 'string', description: 'Shown in the changelog' },
      notify: { title: 'Notify the team', type: 'boolean', default: true },
    },
    required: ['window'],
  },
};

const meta = {
  title: 'Prompts/InterruptPrompt',
  component: InterruptPrompt,
  args: { interrupt: question, onResolve: fn() },
} satisfies Meta<typeof InterruptPrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A question with a small form, answered by keyboard only. */
export const Form: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText(/Window/));
    await userEvent.selectOptions(canvas.getByLabelText(/Window/), 'tonight');
    await userEvent.tab();
    await userEvent.keyboard('{Control>}a{/Control}3');
    await userEvent.tab();
    await userEvent.keyboard('Routine{Enter}');
    await expect(args.onResolve).toHaveBeenCalledWith(
      expect.objectContaining({
        resume: [
          {
            interruptId: 'int-window',
            status: 'resolved',
            payload: { window: 'tonight', replicas: 3, note: 'Routine', notify: true },
          },
        ],
      }),
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('Answer sent');
  },
};

/** Submitted with a required field empty: the field is marked and focused. */
export const Invalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(canvas.getByLabelText(/Window/)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onResolve).not.toHaveBeenCalled();
  },
};

/** No answer schema: the message, Submit and Cancel. */
export const Plain: Story = {
  args: { interrupt: { id: 'int-go', reason: 'confirm', message: 'Continue the migration?' } },
};

/** An answer schema too complex for a form: the answer is typed as JSON. */
export const JsonAnswer: Story = {
  args: {
    interrupt: {
      id: 'int-hosts',
      reason: 'input_required',
      message: 'Which hosts should be drained?',
      responseSchema: { type: 'object', properties: { hosts: { type: 'array' } } },
    },
  },
};

/** Sending failed: the form is usable again and says so. */
export const Failed: Story = {
  args: { onResolve: fn(() => Promise.reject(new Error('offline'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByText('The answer could not be sent. Try again.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

/** Sending: the buttons wait for the app. */
export const Sending: Story = {
  args: { onResolve: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Sending…');
    await expect(canvas.getByRole('button', { name: 'Submit' })).toBeDisabled();
  },
};

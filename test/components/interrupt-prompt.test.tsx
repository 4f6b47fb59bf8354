import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { AgUiInterrupt } from '../../src/ag-ui.js';
import { InterruptPrompt, type InterruptAnswer } from '../../src/index.js';

const deploy: AgUiInterrupt = {
  id: 'int-1',
  reason: 'input_required',
  message: 'Where should the release go?',
  responseSchema: {
    type: 'object',
    properties: {
      env: { title: 'Environment', enum: ['staging', 'production'] },
      replicas: { title: 'Replicas', type: 'integer', default: 2 },
      note: { title: 'Note', type: 'string', description: 'Shown in the changelog' },
      notify: { title: 'Notify the team', type: 'boolean' },
    },
    required: ['env'],
  },
};

function answers() {
  const seen: InterruptAnswer[] = [];
  const onResolve = vi.fn((answer: InterruptAnswer) => {
    seen.push(answer);
  });
  return { seen, onResolve };
}

describe('InterruptPrompt', () => {
  it('asks with its message and a form, and answers with typed resume entries by keyboard', async () => {
    const { seen, onResolve } = answers();
    await render(<InterruptPrompt interrupt={deploy} onResolve={onResolve} />);
    await expect
      .element(page.getByRole('form', { name: 'The agent needs your input' }))
      .toBeVisible();
    await expect.element(page.getByText('Where should the release go?')).toBeVisible();
    await expect.element(page.getByLabelText('Replicas')).toHaveValue('2');
    await expect
      .element(page.getByLabelText('Note'))
      .toHaveAccessibleDescription('Shown in the changelog');

    await userEvent.selectOptions(page.getByLabelText(/Environment/), 'production');
    await userEvent.click(page.getByLabelText('Notify the team'));
    await userEvent.click(page.getByLabelText('Note'));
    await userEvent.keyboard('Hotfix{Enter}');

    expect(onResolve).toHaveBeenCalledTimes(1);
    expect(seen[0]?.resume).toEqual([
      {
        interruptId: 'int-1',
        status: 'resolved',
        payload: { env: 'production', replicas: 2, note: 'Hotfix', notify: true },
      },
    ]);
    await expect.element(page.getByRole('status')).toHaveTextContent('Answer sent');
    await expect.element(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('does not send a form with a required field empty: it marks the field and focuses it', async () => {
    const { onResolve } = answers();
    await render(<InterruptPrompt interrupt={deploy} onResolve={onResolve} />);
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    expect(onResolve).not.toHaveBeenCalled();
    const env = page.getByLabelText(/Environment/);
    await expect.element(env).toHaveAttribute('aria-invalid', 'true');
    await expect.element(env).toHaveFocus();
    await expect.element(env).toHaveAccessibleDescription('required');
  });

  it('cancels: the run resumes with the interrupt cancelled', async () => {
    const { seen, onResolve } = answers();
    await render(<InterruptPrompt interrupt={deploy} onResolve={onResolve} />);
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    expect(seen[0]?.resume).toEqual([{ interruptId: 'int-1', status: 'cancelled' }]);
    expect(seen[0]?.entry).toEqual({ interruptId: deploy.id, status: 'cancelled' });
  });

  it('without a schema, Submit goes ahead with no payload', async () => {
    const { seen, onResolve } = answers();
    const interrupt = { id: 'i2', reason: 'confirm', message: 'Continue the migration?' };
    await render(<InterruptPrompt interrupt={interrupt} onResolve={onResolve} />);
    expect(document.querySelector('input, select, textarea')).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    expect(seen[0]?.resume).toEqual([{ interruptId: 'i2', status: 'resolved' }]);
  });

  it('asks for JSON when the schema is too complex for a form, and checks it parses', async () => {
    const { seen, onResolve } = answers();
    const interrupt = {
      id: 'i3',
      reason: 'input_required',
      responseSchema: { type: 'object', properties: { hosts: { type: 'array' } } },
    };
    await render(<InterruptPrompt interrupt={interrupt} onResolve={onResolve} />);
    const box = page.getByLabelText('Answer (JSON)');
    await userEvent.fill(box, '{"hosts": [');
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    expect(onResolve).not.toHaveBeenCalled();
    await expect.element(box).toHaveAccessibleDescription('Not valid JSON');
    await userEvent.fill(box, '{"hosts": ["a"]}');
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    expect(seen[0]?.resume).toEqual([
      { interruptId: 'i3', status: 'resolved', payload: { hosts: ['a'] } },
    ]);
  });

  it('re-enables the form with an error when sending fails', async () => {
    const onResolve = vi.fn(() => Promise.reject(new Error('offline')));
    await render(
      <InterruptPrompt interrupt={{ id: 'i4', reason: 'confirm' }} onResolve={onResolve} />,
    );
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent('The answer could not be sent. Try again.');
    await expect.element(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('renders untrusted input as text and never throws on a hostile schema', async () => {
    const hostile = {
      id: 'i5',
      reason: 'x',
      message: '<img src=x onerror=alert(1)>',
      responseSchema: JSON.parse(
        '{"properties":{"__proto__":{"type":"string","title":"<b>bold</b>"},"n":{"type":"number","default":"NaN"}}}',
      ),
    } as AgUiInterrupt;
    const { container } = await render(
      <InterruptPrompt interrupt={hostile} onResolve={() => {}} />,
    );
    await expect.element(page.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
    await expect.element(page.getByLabelText('<b>bold</b>')).toBeVisible();
    expect(container.querySelector('img, b')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { ErrorBlock } from '../../src/core.js';
import { ErrorBlockView } from '../../src/components/blocks/error/error-block-view.js';

const rateLimited: ErrorBlock = {
  type: 'error',
  id: 'e1',
  message: 'Rate limit exceeded.',
  code: 'rate_limited',
  data: { retry_after_s: 30 },
};

describe('ErrorBlockView', () => {
  it('shows an error loaded with history without announcing it', async () => {
    const screen = await render(<ErrorBlockView block={rateLimited} />);
    await expect.element(page.getByText('Rate limit exceeded.')).toBeVisible();
    await expect.element(page.getByText('rate_limited')).toBeVisible();
    expect(screen.container.querySelector('[role="alert"]')).toBeNull();
  });

  it('announces an error that appears while it is on screen', async () => {
    const screen = await render(<ErrorBlockView block={rateLimited} />);
    await screen.rerender(
      <ErrorBlockView
        block={{ ...rateLimited, message: 'The tool crashed.', code: 'tool_error' }}
      />,
    );
    await expect.element(page.getByRole('alert')).toHaveTextContent(/The tool crashed\./);
  });

  it('announces an error that arrives in a streaming reply', async () => {
    await render(<ErrorBlockView block={rateLimited} streaming />);
    await expect.element(page.getByRole('alert')).toHaveTextContent(/Rate limit exceeded\./);
  });

  it('lets the app decide with `announce`', async () => {
    const screen = await render(<ErrorBlockView block={rateLimited} streaming announce={false} />);
    expect(screen.container.querySelector('[role="alert"]')).toBeNull();
    await screen.rerender(<ErrorBlockView block={rateLimited} announce />);
    await expect.element(page.getByRole('alert')).toBeInTheDocument();
  });

  it('keeps the raw data behind "Show raw", and has no disclosure without data', async () => {
    const screen = await render(<ErrorBlockView block={rateLimited} />);
    await expect.element(page.getByText(/"retry_after_s": 30/)).not.toBeInTheDocument();
    await userEvent.click(page.getByText('Show raw'));
    await expect.element(page.getByText(/"retry_after_s": 30/)).toBeVisible();
    await screen.rerender(<ErrorBlockView block={{ type: 'error', id: 'e2', message: 'Oops' }} />);
    await expect.element(page.getByText('Show raw')).not.toBeInTheDocument();
  });

  it('shows markup in a message as text and survives a message that is not a string', async () => {
    const hostile = { ...rateLimited, message: '<img src=x onerror=alert(1)>' };
    const screen = await render(<ErrorBlockView block={hostile} />);
    await expect.element(page.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
    expect(screen.container.querySelector('img')).toBeNull();
    const odd = { ...rateLimited, message: { detail: 'nested' } } as unknown as ErrorBlock;
    await screen.rerender(<ErrorBlockView block={odd} />);
    await expect.element(page.getByText(/"detail": "nested"/)).toBeVisible();
  });
});

import type * as React from 'react';

/** The `data-slot` of every decision button; arrow keys move between them within one prompt. */
export const BUTTON_SLOT = 'confirmation-prompt-button';
const PROMPT_SELECTOR = '[data-slot="confirmation-prompt"]';

/**
 * Arrow keys, Home and End move focus between the enabled decision buttons of the prompt that
 * holds the focused one (Tab keeps working too). Escape is left alone: it never decides.
 */
export function moveFocusOnArrowKey(event: React.KeyboardEvent<HTMLButtonElement>): void {
  const button = event.currentTarget;
  const prompt = button.closest(PROMPT_SELECTOR);
  if (!prompt || event.altKey || event.ctrlKey || event.metaKey) return;
  const buttons = Array.from(
    prompt.querySelectorAll<HTMLButtonElement>(`button[data-slot="${BUTTON_SLOT}"]`),
  ).filter((candidate) => !candidate.disabled && candidate.closest(PROMPT_SELECTOR) === prompt);
  const index = buttons.indexOf(button);
  if (index === -1) return;
  const rtl = getComputedStyle(button).direction === 'rtl';
  let next: number;
  switch (event.key) {
    case 'ArrowDown':
      next = index + 1;
      break;
    case 'ArrowUp':
      next = index - 1;
      break;
    case 'ArrowRight':
      next = rtl ? index - 1 : index + 1;
      break;
    case 'ArrowLeft':
      next = rtl ? index + 1 : index - 1;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = buttons.length - 1;
      break;
    default:
      return;
  }
  event.preventDefault();
  buttons[(next + buttons.length) % buttons.length]?.focus();
}

import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

// Vitest has no globals here, so @testing-library/react sets up neither of these by itself. In an
// act environment React warns (and fail-on-console fails the test) on a render outside `act()`.
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
